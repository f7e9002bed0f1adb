module m44

go 1.26
