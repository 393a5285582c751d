#!/usr/bin/env python3
"""Builds kern32767.ttf, a hostile test font (HostileFontTests): 1000 units per em,
glyphs .notdef and A (advance 500, a square outline), and a GPOS pair kern A A = +32767, the largest
value a ValueRecord's int16 XAdvance holds. 70,000 "A"s then advance 70000 * 500 + 69999 * 32767
= 2,328,657,233 units, past 2^31 - 1. Made with fontTools 4.68 (pip install fonttools):

    python3 Tests/FontEngineTests/Fixtures/make-kern32767.py
"""
import os
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.feaLib.builder import addOpenTypeFeaturesFromString

def square():
    pen = TTGlyphPen(None)
    pen.moveTo((50, 0)); pen.lineTo((50, 700)); pen.lineTo((450, 700)); pen.lineTo((450, 0)); pen.closePath()
    return pen.glyph()

fb = FontBuilder(1000, isTTF=True)
fb.setupGlyphOrder([".notdef", "A"])
fb.setupCharacterMap({0x41: "A"})
fb.setupGlyf({".notdef": square(), "A": square()})
fb.setupHorizontalMetrics({".notdef": (500, 50), "A": (500, 50)})
fb.setupHorizontalHeader(ascent=800, descent=-200)
fb.setupNameTable({"familyName": "TypeFit Kern32767", "styleName": "Regular"})
fb.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
fb.setupPost()
addOpenTypeFeaturesFromString(fb.font, "languagesystem DFLT dflt; languagesystem latn dflt;\nfeature kern { pos A A 32767; } kern;")
fb.save(os.path.join(os.path.dirname(os.path.abspath(__file__)), "kern32767.ttf"))
