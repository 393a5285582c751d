/// Locale identifier helpers (pure string rules, no ICU or Foundation `Locale`).
public enum LocaleID {
    /// Normalizes `en_US`, `EN-us`, `zh_hant_TW` to BCP 47 casing with `-`:
    /// language lowercase, 4-letter script titlecase, 2-letter/3-digit region uppercase,
    /// other subtags lowercase. `Base` stays `Base`. Empty input stays empty.
    public static func normalize(_ identifier: String) -> String {
        let parts = identifier.split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
        guard let first = parts.first else { return identifier }
        if parts.count == 1, first.lowercased() == "base" { return "Base" }
        var out = [first.lowercased()]
        for p in parts.dropFirst() {
            if p.count == 4, p.allSatisfy(\.isLetter) {
                out.append(p.prefix(1).uppercased() + p.dropFirst().lowercased())
            } else if (p.count == 2 && p.allSatisfy(\.isLetter)) || (p.count == 3 && p.allSatisfy(\.isNumber)) {
                out.append(p.uppercased())
            } else {
                out.append(p.lowercased())
            }
        }
        return out.joined(separator: "-")
    }

    /// Whether `identifier` looks like a locale identifier (`de`, `en-US`, `zh-Hans`, `pt_BR`, `Base`,
    /// `qps-ploc`): a 2–3 letter language followed by 2–8 character alphanumeric subtags.
    public static func isPlausible(_ identifier: String) -> Bool {
        if identifier == "Base" { return true }
        let parts = identifier.split(separator: "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        guard let first = parts.first, (2...3).contains(first.count),
              first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return parts.dropFirst().allSatisfy { (2...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    /// Candidates for lookup, most specific first: `zh-Hant-TW` → `zh-Hant-TW`, `zh-Hant`, `zh`.
    public static func fallbackChain(_ identifier: String) -> [String] {
        var parts = normalize(identifier).split(separator: "-").map(String.init)
        var chain: [String] = []
        while !parts.isEmpty {
            chain.append(parts.joined(separator: "-"))
            parts.removeLast()
        }
        return chain
    }

    /// Languages written right-to-left: ar, arc, ckb, dv, fa, he (and legacy iw), ks, ps, sd, syr, ug, ur, yi.
    public static func isRightToLeft(_ identifier: String) -> Bool {
        let language = normalize(identifier).split(separator: "-").first.map(String.init) ?? ""
        return ["ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "ps", "sd", "syr", "ug", "ur", "yi"].contains(language)
    }
}
