/// The tool's version, printed by `typefit --version` and stored in reports.
public enum TypeFitVersion {
    public static let string = "0.1.0"
}
