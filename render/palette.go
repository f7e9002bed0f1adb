package render

import "m44/rules"

// palette is the colours of one board face.
type palette struct {
	paper, ink, faint        Color
	plain, gridLine, frame   Color
	forestTint, canopy, dark Color
	trunk                    Color
	firs                     bool // winter forests are firs with snow
	hillTint, hillInner      Color
	hillLine                 Color
	mountTint, mountLine     Color
	snow                     Color
	townTint, wall, roof     Color
	roofDark                 Color
	flatRoofs                bool // desert villages
	hedgeTint, hedge         Color
	hedgeDark                Color
	water, waterDark         Color
	waterLight               Color
	sand, sandDot            Color
	ocean, oceanLine         Color
	bluff, bluffLine         Color
	cliff, cliffLine         Color
	road, roadEdge           Color
	section                  Color
	gold, goldDark           Color
	side                     [2]Color // counters and markers, by rules.Side
	sideDark                 [2]Color
	sideText                 [2]Color
}

func basePalette() palette {
	return palette{
		paper: rgb("#f7f3e8"), ink: rgb("#2b2a26"), faint: rgb("#6d6a60"),
		plain: rgb("#b7ca8c"), gridLine: rgb("#8ea662"), frame: rgb("#4a4a3a"),
		forestTint: rgb("#9fb976"), canopy: rgb("#3f7a34"), dark: rgb("#22501d"), trunk: rgb("#6b4a2b"),
		hillTint: rgb("#d2c283"), hillInner: rgb("#c3ad68"), hillLine: rgb("#7a6233"),
		mountTint: rgb("#b3a38c"), mountLine: rgb("#5e5040"), snow: rgb("#fbfbf8"),
		townTint: rgb("#d6cfb3"), wall: rgb("#f5eedc"), roof: rgb("#b9472f"), roofDark: rgb("#5e261a"),
		hedgeTint: rgb("#adc681"), hedge: rgb("#4c7f2e"), hedgeDark: rgb("#2b5018"),
		water: rgb("#4f8fd0"), waterDark: rgb("#24548a"), waterLight: rgb("#a9d0f0"),
		sand: rgb("#ecdba6"), sandDot: rgb("#c2a766"), ocean: rgb("#6d9fd0"), oceanLine: rgb("#dcedfa"),
		bluff: rgb("#d0ad70"), bluffLine: rgb("#7b5a2c"), cliff: rgb("#aba496"), cliffLine: rgb("#48423a"),
		road: rgb("#e8dcc0"), roadEdge: rgb("#8c7a5c"),
		section: rgb("#d22f27"), gold: rgb("#e0b62e"), goldDark: rgb("#7a5b0c"),
		side:     [2]Color{rules.Allies: rgb("#5b7f36"), rules.Axis: rgb("#66798f")},
		sideDark: [2]Color{rules.Allies: rgb("#263a12"), rules.Axis: rgb("#27323f")},
		sideText: [2]Color{rules.Allies: rgb("#fbf7e6"), rules.Axis: rgb("#f3f6fa")},
	}
}

func paletteFor(face string) palette {
	p := basePalette()
	switch face {
	case "WINTER":
		p.plain, p.gridLine = rgb("#eef2f4"), rgb("#b3c2cc")
		p.forestTint, p.canopy, p.dark = rgb("#e0e8e7"), rgb("#2f6242"), rgb("#173623")
		p.firs = true
		p.hillTint, p.hillInner, p.hillLine = rgb("#dbe2e7"), rgb("#c9d3da"), rgb("#6f8291")
		p.mountTint, p.mountLine = rgb("#c2c8cc"), rgb("#4f5a63")
		p.townTint, p.wall, p.roof, p.roofDark = rgb("#e1e2df"), rgb("#c7a57e"), rgb("#fdfdfd"), rgb("#5a5f66")
		p.hedgeTint, p.hedge, p.hedgeDark = rgb("#dfe7e3"), rgb("#4d7250"), rgb("#2a4630")
		p.water, p.waterDark, p.waterLight = rgb("#7fb0d9"), rgb("#3c6b95"), rgb("#d3e7f6")
		p.road, p.roadEdge = rgb("#f7f4ec"), rgb("#9a9080")
	case "DESERT":
		p.plain, p.gridLine = rgb("#e4cf9b"), rgb("#c0a46a")
		p.forestTint, p.canopy, p.dark = rgb("#d9c98f"), rgb("#6d8c3a"), rgb("#3e5420")
		p.hillTint, p.hillInner, p.hillLine = rgb("#d6b273"), rgb("#c79e5c"), rgb("#82602c")
		p.townTint, p.wall, p.roof, p.roofDark = rgb("#dccaa0"), rgb("#f2e6c8"), rgb("#d9bf8a"), rgb("#6f5632")
		p.flatRoofs = true
		p.road, p.roadEdge = rgb("#f1e6ca"), rgb("#9c8459")
	}
	return p
}
