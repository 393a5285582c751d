/// The bound on what YAML aliases (`*name`) and merge keys (`<<`) may expand a file to: a few
/// hundred bytes of nested aliases stand for billions of nodes (a "billion laughs"). Readers of
/// YAML (typefit.yml, swiftgen.yml) charge every mapping entry and list item they visit and stop
/// past the limit. A file without aliases has fewer nodes than half its bytes ("- x\n" is 4
/// bytes), so the limit scales with the text and a large honest file is never taken for a bomb.
public enum YAMLExpansion {
    /// The fewest mapping entries plus list items one file may expand to.
    public static let maximumNodes = 100_000

    /// The limit for a file of `sourceBytes` bytes: `maximumNodes`, or twice its bytes when more.
    public static func limit(sourceBytes: Int) -> Int { max(maximumNodes, 2 * sourceBytes) }
}
