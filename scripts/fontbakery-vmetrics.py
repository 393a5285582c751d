#!/usr/bin/env python3
"""Expectations for TypeFit's font checks, derived independently of TypeFit.

Applies four fontbakery 1.1.0 rules, transcribed from its source (`pip download fontbakery==1.1.0`):
  os2_metrics_match_hhea        Lib/fontbakery/checks/os2_metrics_match_hhea.py:40-57 (not on CJK fonts, line 8)
  family/win_ascent_and_descent Lib/fontbakery/checks/family/win_ascent_and_descent.py:69-98, bbox from
                                utils.py:225 get_bounding_box (not on CJK fonts, line 19)
  linegaps                      Lib/fontbakery/checks/linegaps.py:33-38
  typoascender_exceeds_Agrave   Lib/fontbakery/checks/typoascender_exceeds_Agrave.py:38-61
with fontTools (`pip install fonttools`), and prints one JSON line per face with the table values
(hhea, OS/2, head box, "À" yMax by BoundsPen, CJK code point count) and the verdicts.
Tests/TypeFitTests/FontQATests.swift holds its output for the bundled fonts and four Debian fonts.

usage: scripts/fontbakery-vmetrics.py FONT[#FACE_INDEX] ...
"""
import sys, json
from fontTools.ttLib import TTFont
from fontTools.pens.boundsPen import BoundsPen
CJK = [(0x1100,0x11FF),(0x3040,0x309F),(0x30A0,0x30FF),(0x31F0,0x31FF),(0x3100,0x312F),(0x31A0,0x31BF),(0x3130,0x318F),(0x3200,0x32FF),(0x3300,0x33FF),(0xAC00,0xD7AF),(0x4E00,0x9FFF),(0x2E80,0x2EFF),(0x2F00,0x2FDF),(0x2FF0,0x2FFF),(0x3400,0x4DBF),(0x20000,0x2A6DF),(0x3190,0x319F),(0x31C0,0x31EF),(0xF900,0xFAFF),(0x2F800,0x2FA1F)]
def bbox(f):
    ymin=ymax=0
    if f.sfntVersion=="OTTO": return f["head"].yMin, f["head"].yMax
    for g in f["glyf"].glyphs:
        c=f["glyf"][g]
        if hasattr(c,"yMin") and ymin>c.yMin: ymin=c.yMin
        if hasattr(c,"yMax") and ymax<c.yMax: ymax=c.yMax
    return ymin,ymax
out=[]
for arg in sys.argv[1:]:
    path, idx = (arg.split("#")+["0"])[:2]
    f=TTFont(path, fontNumber=int(idx))
    h=f["hhea"]; o=f["OS/2"]; hd=f["head"]
    cjk=sum(1 for u in f.getBestCmap() if any(a<=u<=b for a,b in CJK))
    ymin,ymax=bbox(f)
    gs=f.getGlyphSet()
    ag=None
    if "Agrave" in gs or "uni00C0" in gs:
        p=BoundsPen(gs)
        try: gs["Agrave"].draw(p)
        except KeyError: gs["uni00C0"].draw(p)
        ag=p.bounds[-1]
    r={}
    iscjk=cjk>150
    # os2_metrics_match_hhea.py:40-59
    r["os2_metrics_match_hhea"]="SKIP" if iscjk else ("FAIL" if (o.sTypoAscender!=h.ascent or o.sTypoDescender!=h.descent or o.sTypoLineGap!=h.lineGap) else "PASS")
    # family/win_ascent_and_descent.py
    fail = o.usWinAscent<ymax or o.usWinAscent>ymax*2 or o.usWinDescent<abs(ymin) or o.usWinDescent>abs(ymin)*2
    r["win_ascent_and_descent"]="SKIP" if iscjk else ("FAIL" if fail else "PASS")
    r["linegaps"]="WARN" if (h.lineGap!=0 or o.sTypoLineGap!=0) else "PASS"
    r["typoascender_exceeds_Agrave"]="SKIP" if ag is None else ("WARN" if o.sTypoAscender<ag else "PASS")
    out.append(dict(file=arg, upem=hd.unitsPerEm, hhea=[h.ascent,h.descent,h.lineGap], typo=[o.sTypoAscender,o.sTypoDescender,o.sTypoLineGap], win=[o.usWinAscent,o.usWinDescent], useTypo=bool(o.fsSelection&128), head=[hd.yMin,hd.yMax], glyfBox=[ymin,ymax], agraveYMax=ag, cjk=cjk, verdicts=r))
for x in out: print(json.dumps(x))
