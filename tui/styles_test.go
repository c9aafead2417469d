package tui

import (
	"image/color"
	"math"
	"testing"
)

// contrast is WCAG 2's contrast ratio of two colours.
func contrast(a, b color.Color) float64 {
	lum := func(c color.Color) float64 {
		r, g, bl, _ := c.RGBA()
		ch := func(v uint32) float64 {
			x := float64(v>>8) / 255
			if x <= 0.03928 {
				return x / 12.92
			}
			return math.Pow((x+0.055)/1.055, 2.4)
		}
		return 0.2126*ch(r) + 0.7152*ch(g) + 0.0722*ch(bl)
	}
	la, lb := lum(a), lum(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// Key descriptions and the other subtle text read at 4.5:1 or more on
// both backgrounds (black, white), and on the highlighted picker row;
// bubbles' own grey for them read at about 2.3:1.
func TestSubtleTextContrast(t *testing.T) {
	for _, dark := range []bool{true, false} {
		bg := color.Color(color.White)
		if dark {
			bg = color.Black
		}
		p := newPalette(dark)
		for name, c := range map[string]float64{"on the background": contrast(p.subtle, bg), "on the highlighted row": contrast(p.subtle, p.row)} {
			t.Logf("dark=%v: subtle text %s: %.2f:1", dark, name, c)
			if c < 4.5 {
				t.Errorf("dark=%v: subtle text %s at %.2f:1", dark, name, c)
			}
		}
		st := NewStyles(dark, false)
		if got := st.Help.ShortDesc.GetForeground(); got != p.subtle {
			t.Errorf("dark=%v: key descriptions in %v, not the subtle colour", dark, got)
		}
		if got := st.Help.FullDesc.GetForeground(); got != p.subtle {
			t.Errorf("dark=%v: full help descriptions in %v", dark, got)
		}
	}
}
