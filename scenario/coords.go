package scenario

import (
	"fmt"
	"strconv"

	"m44/hex"
)

// The editor names hexes in "group" lists (medal groups, exit markers,
// sudden-death conditions) with a letter and a number:
//
//   - the number counts rows from the bottom of the board: n = Rows − row, so
//     on the standard board row 0 is 9 and row 8 is 1 (Breakthrough: row 0 is
//     17);
//   - the letter counts hexes from the left: on even rows an upper-case
//     letter, col = 2·(letter − 'A'); on odd rows a lower-case letter, the hex
//     between the two upper-case columns, col = 2·(letter − 'a') + 1.
//
// Established from the corpus, where the group of a medal lists the other
// hexes of its objective and every group names exactly the hexes the
// scenario text describes: Ponyri's medal0 at 4,14 has G5 g4 H3 G3, the four
// other town hexes 4,12 5,13 6,14 6,12 ("more Town hexes than your
// opponent"); Red Barricades' factory medal at 8,4 has b2 c2 d2 = 7,3 7,5 7,7
// ("Barricades Factory (4 hexes)"); Securing the Flank's medal at 2,12 has f6
// g6 = 3,11 3,13 ("the three hexes of Fontenay le Pesnel"); Sword Beach
// (Breakthrough) pairs 0,12 with F17 = 0,10 and the bridge 2,0 with B13 =
// 4,2; Toulon's and Saverne's sudden-death groups name only town hexes; exit
// markers on row 8 list D1, E1, F1… The tag's own hex is not listed in its
// group; it belongs to the objective all the same.
//
// Because every board has an odd number of rows, an upper-case letter always
// comes with an odd number and a lower-case one with an even number.

// GroupName is the editor's name of h on grid g ("G5", "g4"). It fails for a
// hex that is not a full hex of the board.
func GroupName(h hex.Hex, g hex.Grid) (string, error) {
	if !g.Contains(h) {
		return "", fmt.Errorf("hex %s is not on the %s board", h, boardName(g))
	}
	n := g.Rows - int(h.Row)
	i := int(h.Col) / 2
	if i >= 26 {
		return "", fmt.Errorf("hex %s: column beyond Z has no name", h)
	}
	letter := byte('A' + i)
	if h.Row%2 != 0 {
		letter = byte('a' + i)
	}
	return string(letter) + strconv.Itoa(n), nil
}

// ParseGroupName reads an editor hex name on grid g. Errors say what is wrong:
// an unknown form, a letter whose case does not match the row's parity, or a
// hex off the board.
func ParseGroupName(s string, g hex.Grid) (hex.Hex, error) {
	if len(s) < 2 || len(s) > 3 {
		return hex.None, fmt.Errorf("hex name %q: want a letter and a row number, like G5 or g4", s)
	}
	c := s[0]
	var col int
	upper := c >= 'A' && c <= 'Z'
	switch {
	case upper:
		col = 2 * int(c-'A')
	case c >= 'a' && c <= 'z':
		col = 2*int(c-'a') + 1
	default:
		return hex.None, fmt.Errorf("hex name %q: want a letter and a row number, like G5 or g4", s)
	}
	digits := s[1:]
	if digits[0] < '1' || digits[0] > '9' {
		return hex.None, fmt.Errorf("hex name %q: want a letter and a row number, like G5 or g4", s)
	}
	n, err := strconv.Atoi(digits)
	if err != nil {
		return hex.None, fmt.Errorf("hex name %q: want a letter and a row number, like G5 or g4", s)
	}
	if n < 1 || n > g.Rows {
		return hex.None, fmt.Errorf("hex name %q: row number %d outside 1..%d on the %s board", s, n, g.Rows, boardName(g))
	}
	row := g.Rows - n
	if (row%2 == 0) != upper {
		want := "an upper-case"
		if row%2 != 0 {
			want = "a lower-case"
		}
		return hex.None, fmt.Errorf("hex name %q: row number %d is board row %d, which takes %s letter", s, n, row, want)
	}
	h := hex.Hex{Row: int8(row), Col: int8(col)}
	if !g.Contains(h) {
		return hex.None, fmt.Errorf("hex name %q: hex %s is not on the %s board", s, h, boardName(g))
	}
	return h, nil
}

func boardName(g hex.Grid) string {
	switch g {
	case hex.Standard():
		return "standard"
	case hex.Breakthrough():
		return "Breakthrough"
	case hex.Overlord():
		return "Overlord"
	}
	return fmt.Sprintf("%dx%d", g.Width, g.Rows)
}
