import Foundation

/// Paths inside the repository, for tests: everything a test reads is under the package root.
public enum Repository {
    /// The package root: the first folder above this file that holds Package.swift.
    public static let root: URL = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
            url.deleteLastPathComponent()
        }
        return url
    }()

    /// `relative` under the package root.
    public static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    /// The path of `relative` under the package root.
    public static func path(_ relative: String) -> String { url(relative).path }

    /// The path of a bundled font, `Fonts/<relative>`.
    public static func font(_ relative: String) -> String { path("Fonts/" + relative) }

    /// The bundled fonts' folder, `Fonts`.
    public static var fonts: String { path("Fonts") }

    /// The test corpus (Tests/Fixtures/corpus/README.md): the strings of three apps invented for
    /// the tests, `lantern/`, `harbor/` and `tidepool/`, written by make-corpus.py there.
    public static var corpus: URL { url("Tests/Fixtures/corpus") }

    /// The corpus's `lantern/` folder: nine locales of UTF-8 strings with a comment per entry.
    public static var lanternStrings: URL { corpus.appendingPathComponent("lantern") }

    /// A corpus file by its path in the corpus (`lantern/de.strings`, `tidepool/ja.strings`, …).
    public static func corpusFile(_ relative: String) -> URL { corpus.appendingPathComponent(relative) }
}

/// A fresh empty folder `<prefix>-<UUID>` under the system's temporary folder; the test removes it.
public func temporaryDirectory(_ prefix: String = "typefit-test") throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A fresh temporary folder, removed with everything in it when the last reference goes.
public final class ScratchDirectory {
    public let url: URL

    public init(_ prefix: String = "typefit-test") throws { url = try temporaryDirectory(prefix) }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `bytes` to the file `name` in the folder and returns its path.
    public func write(_ name: String, _ bytes: some Sequence<UInt8>) throws -> String {
        let file = url.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return file.path
    }
}
