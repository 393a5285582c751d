/// English character frequencies for averaging a font's glyph widths: capsize's `xWidthAvg`
/// weights (seek-oss/capsize, packages/unpack, `weightings.latin`, generated from English Wikinews
/// abstracts), in capsize's order. A font's average width in em is
/// Σ advance(c) × weight(c) / unitsPerEm over these characters (the weights sum to 1.0003).
///
/// Copied from capsize under the MIT licence:
///
/// MIT License
///
/// Copyright (c) SEEK
///
/// Permission is hereby granted, free of charge, to any person obtaining a copy of this software
/// and associated documentation files (the "Software"), to deal in the Software without
/// restriction, including without limitation the rights to use, copy, modify, merge, publish,
/// distribute, sublicense, and/or sell copies of the Software, and to permit persons to whom the
/// Software is furnished to do so, subject to the following conditions:
///
/// The above copyright notice and this permission notice shall be included in all copies or
/// substantial portions of the Software.
///
/// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING
/// BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND
/// NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM,
/// DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
/// OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
public enum EnglishCharacterFrequencies {
    /// The 81 characters and their weights (SystemFontTests compares them with the copy of
    /// capsize's data in Tests/DynamicTypeTests/Fixtures/reference/capsize-latin-weights.json).
    public static let latin: [(character: Unicode.Scalar, weight: Double)] = [
        ("0", 0.0053), ("1", 0.0023), ("2", 0.0026), ("3", 0.001), ("4", 0.0008), ("5", 0.0015),
        ("6", 0.0007), ("7", 0.0005), ("8", 0.0007), ("9", 0.0006), (",", 0.0083), (" ", 0.154),
        ("t", 0.0672), ("h", 0.0351), ("e", 0.0922), ("o", 0.0571), ("f", 0.017), ("P", 0.0023),
        ("p", 0.0163), ("l", 0.0304), ("'", 0.0014), ("s", 0.0469), ("R", 0.0015), ("u", 0.0207),
        ("b", 0.0114), ("i", 0.0588), ("c", 0.0232), ("C", 0.0031), ("n", 0.0578), ("a", 0.0668),
        ("d", 0.0298), ("y", 0.0123), ("w", 0.011), ("B", 0.002), ("r", 0.0526), ("z", 0.0011),
        ("G", 0.0011), ("j", 0.0009), ("T", 0.0041), (".", 0.0079), ("L", 0.0012), ("k", 0.0046),
        ("m", 0.0181), ("]", 0.0007), ("J", 0.0009), ("F", 0.0015), ("v", 0.0076), ("g", 0.0155),
        ("A", 0.004), ("N", 0.0014), ("-", 0.0018), ("H", 0.0013), ("D", 0.0013), ("M", 0.0025),
        ("I", 0.0022), ("E", 0.0011), ("\"", 0.0012), ("S", 0.0041), ("(", 0.001), (")", 0.001),
        ("x", 0.0025), ("W", 0.0012), ("Q", 0.0001), ("Y", 0.0003), ("q", 0.0008), ("V", 0.0005),
        ("á", 0.0001), ("K", 0.0007), ("U", 0.0016), ("=", 0.0007), ("[", 0.0021), ("O", 0.0009),
        ("é", 0.0001), ("$", 0.0002), (":", 0.0008), ("|", 0.0038), ("/", 0.0001), ("%", 0.0001),
        ("Z", 0.0002), (";", 0.0001), ("X", 0.0001),
    ]
}
