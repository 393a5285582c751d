/// A path pattern as `.gitignore` and most build tools write them, matched against a relative
/// path (`App/Mac/Window.xib`): `*` is any text inside one component, `?` one character of it,
/// `**` as a whole component any number of components (none too; at the end, at least one: what
/// is inside the folder before it), every other character itself.
/// `**/Mac/**` matches every path with a `Mac` folder, `**/*Tests*/**` every path under a folder
/// whose name holds `Tests`, `Legacy/*.xib` the XIBs directly in `Legacy`.
///
/// Matched by dynamic programming over components and characters (time ∝ pattern × path, no
/// recursion), so a pattern of many `*` cannot take exponential time.
public struct PathGlob: Sendable, Hashable, CustomStringConvertible {
    public let pattern: String
    private let components: [[Character]]

    public init(_ pattern: String) {
        self.pattern = pattern
        self.components = pattern.split(separator: "/", omittingEmptySubsequences: true).map { Array($0) }
    }

    public var description: String { pattern }

    /// Whether `path` (components separated by `/`) matches.
    public func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map { Array($0) }
        let p = components.count, n = parts.count
        // reach[i][j]: the first i pattern components match the first j path components.
        var reach = [[Bool]](repeating: [Bool](repeating: false, count: n + 1), count: p + 1)
        reach[0][0] = true
        for i in stride(from: 1, through: p, by: 1) {
            let component = components[i - 1]
            let isDoubleStar = component == ["*", "*"]
            for j in 0...n {
                if isDoubleStar && i == p && p > 1 {
                    // A trailing `/**`: everything inside, at least one component (`Mac/**` is not `Mac`).
                    reach[i][j] = j > 0 && (reach[i - 1][j - 1] || reach[i][j - 1])
                } else if isDoubleStar {
                    // None, or one more path component on top of a match of i components up to j - 1.
                    reach[i][j] = reach[i - 1][j] || (j > 0 && reach[i][j - 1])
                } else if j > 0 {
                    reach[i][j] = reach[i - 1][j - 1] && Self.matches(component, parts[j - 1])
                }
            }
        }
        return reach[p][n]
    }

    /// Whether one component's pattern (`*`, `?`, literal characters) matches `name`.
    static func matches(_ pattern: [Character], _ name: [Character]) -> Bool {
        // Greedy matching with backtracking to the last `*`: linear in practice, at most pattern × name.
        var pi = 0, ni = 0
        var star: Int?, resume = 0
        while ni < name.count {
            if pi < pattern.count, pattern[pi] == "?" || (pattern[pi] != "*" && pattern[pi] == name[ni]) {
                pi += 1; ni += 1
            } else if pi < pattern.count, pattern[pi] == "*" {
                star = pi; resume = ni; pi += 1
            } else if let s = star {
                pi = s + 1; resume += 1; ni = resume
            } else {
                return false
            }
        }
        while pi < pattern.count, pattern[pi] == "*" { pi += 1 }
        return pi == pattern.count
    }
}
