import FontEngine
import Foundation
import Localization

/// `typefit bench`'s whole-app audit: every key of a real app's strings in every locale, one
/// label per row in 20-row list screens, four Apple text styles (headline 1 line, body unlimited,
/// subheadline 2 lines, footnote 3 lines) in the bundled Inter with Noto fallbacks, on the iPhone
/// SE (1st generation) and the iPhone 16 at all 12 categories. The config is written at run time
/// into a temporary folder (nothing is committed); the audit runs as a child `typefit audit`
/// process, so its wall time, peak memory, report size and terminal lines are those a user gets.
public enum WholeAppBenchmark {
    /// The four styles, in the order rows cycle through them: (name, font, text style, lines).
    static let styles: [(String, String, String, Int)] = [
        ("headline", "semibold", "headline", 1), ("body", "regular", "body", 0),
        ("subheadline", "regular", "subheadline", 2), ("footnote", "regular", "footnote", 3),
    ]
    static let rowsPerScreen = 20

    /// The typefit.yml of the whole-app audit of the strings in `corpus` (one `<locale>.strings`
    /// per locale; `development` first), with the bundled fonts in `fonts`.
    public static func config(corpus: URL, fonts: String, keys: [String], locales: [String]) -> String {
        func quoted(_ text: String) -> String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .withoutEscapingSlashes
            let data = (try? encoder.encode(text)) ?? Data("\"\"".utf8)
            return String(decoding: data, as: UTF8.self)
        }
        var yaml = """
        # Written by `typefit bench` for the whole-app audit; not a file to keep.
        fonts:
          regular: { file: \(quoted(fonts + "/Inter/Inter-Regular.otf")) }
          semibold: { file: \(quoted(fonts + "/Inter/Inter-SemiBold.otf")) }
          hebrew: { file: \(quoted(fonts + "/Noto/NotoSansHebrew-Regular.ttf")) }
          arabic: { file: \(quoted(fonts + "/Noto/NotoSansArabic-Regular.ttf")) }
          thai: { file: \(quoted(fonts + "/Noto/NotoSansThai-Regular.ttf")) }
          devanagari: { file: \(quoted(fonts + "/Noto/NotoSansDevanagari-Regular.ttf")) }
          cjk: { file: \(quoted(fonts + "/Noto/NotoSansCJK-Subset.ttc")), faceIndex: 0 }
        fallbackFonts: { Hebr: hebrew, Arab: arabic, Thai: thai, Deva: devanagari, Jpan: cjk, Hani: cjk, Hira: cjk, Kana: cjk }
        styles:

        """
        for (name, font, textStyle, _) in styles {
            yaml += "  \(name): { font: \(font), model: apple, textStyle: \(textStyle) }\n"
        }
        yaml += """
        devices: ["iPhone SE (1st generation)", "iPhone 16"]
        categories: all
        locales: [\(locales.map(quoted).joined(separator: ", "))]
        strings: [\(quoted(corpus.path + "/{locale}.strings"))]
        screens:

        """
        for start in stride(from: 0, to: keys.count, by: rowsPerScreen) {
            yaml += "  - name: \"Screen \(start / rowsPerScreen + 1)\"\n    rows:\n"
            for (offset, key) in keys[start..<min(keys.count, start + rowsPerScreen)].enumerated() {
                let (style, _, _, lines) = styles[(start + offset) % styles.count]
                yaml += "      - { name: \(quoted("r\(start + offset + 1)")), labels: [{ name: text, style: \(style), "
                    + "key: \(quoted(key)), lines: \(lines), lineBreak: \(lines == 0 ? "wordWrap" : "truncateTail") }] }\n"
            }
        }
        return yaml
    }

    /// What one whole-app run measured.
    public struct Figures: Sendable {
        public var keys: Int
        public var locales: Int
        public var texts: Int
        public var cLoopSeconds: Double
        public var auditWallSeconds: Double
        public var auditCPUSeconds: Double
        public var peakResidentMegabytes: Double
        public var reportBytes: Int
        public var terminalLines: Int
        public var exitStatus: Int32
        /// The audit's own stages in this process (plan, layout, observation, checks, baseline,
        /// report document; no report written): wall and CPU seconds, findings, peak RSS after.
        public var stagesWallSeconds: Double
        public var stagesCPUSeconds: Double
        public var stagesFindings: Int
        public var stagesPeakResidentMegabytes: Double
    }

    /// Writes the whole-app typefit.yml of `corpus` into `folder`: its URL, the keys, the locales
    /// (development first) and every translated text.
    public static func writeConfig(corpus: URL, fonts: String, in folder: URL) throws
        -> (config: URL, keys: [String], locales: [String], texts: [String]) {
        let table = try StringTable.load(contentsOf: corpus, options: .init(mode: .lenient))
        var locales = table.locales
        let development = locales.contains("en") ? "en" : (locales.first ?? "en")
        locales.removeAll { $0 == development }
        locales.insert(development, at: 0)
        let keys = table.keys(locale: development)
        let configURL = folder.appendingPathComponent("typefit.yml")
        try Data(config(corpus: corpus, fonts: fonts, keys: keys, locales: locales).utf8).write(to: configURL)
        return (configURL, keys, locales, table.entries.map(\.value))
    }

    /// Runs the whole-app audit of `corpus` with `executable` (this typefit) and the C baseline.
    public static func run(corpus: URL, fonts: String, executable: String, threads: Int?,
                           progress: (String) -> Void = { _ in }) throws -> Figures {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-whole-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (configURL, keys, locales, texts) = try writeConfig(corpus: corpus, fonts: fonts, in: folder)

        // The C loop: hb_shape once per translated text, Inter Regular, one thread, best of 3.
        progress("bench: whole app: C baseline over \(texts.count) texts")
        let baseline = try PlainHarfBuzzBaseline(path: fonts + "/Inter/Inter-Regular.otf")
        let packed = PackedLines(texts)
        var cLoop = Double.infinity
        for _ in 0..<3 {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = baseline.shapeAll(packed)
            cLoop = min(cLoop, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }

        progress("bench: whole app: typefit audit of \(keys.count) keys × \(locales.count) locales")
        let reports = folder.appendingPathComponent("reports")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["audit", configURL.path, "--output", reports.path, "--no-progress"]
            + (threads.map { ["--threads", "\($0)"] } ?? [])
        let stdout = folder.appendingPathComponent("stdout.txt")
        guard FileManager.default.createFile(atPath: stdout.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: stdout.path])
        }
        let handle = try FileHandle(forWritingTo: stdout)
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment["GITHUB_ACTIONS"] = nil
        process.environment = environment
        let before = childUsage()
        let start = DispatchTime.now().uptimeNanoseconds
        try process.run()
        process.waitUntilExit()
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        try handle.close()
        let after = childUsage()
        let output = (try? String(contentsOf: stdout, encoding: .utf8)) ?? ""

        // The same audit's stages in this process, without writing reports.
        progress("bench: whole app: the audit's stages in process (no report files)")
        let cpuBefore = processCPUSeconds()
        let stagesStart = DispatchTime.now().uptimeNanoseconds
        let stages = try AuditPipeline(plan: AuditPlan.load(path: configURL.path),
                                       options: AuditOptions(threads: threads)).run()
        let stagesWall = Double(DispatchTime.now().uptimeNanoseconds - stagesStart) / 1e9
        let stagesCPU = processCPUSeconds() - cpuBefore
        var bytes = 0
        for name in (try? FileManager.default.contentsOfDirectory(atPath: reports.path)) ?? [] {
            let attributes = try? FileManager.default.attributesOfItem(atPath: reports.appendingPathComponent(name).path)
            bytes += (attributes?[.size] as? Int) ?? 0
        }
        return Figures(keys: keys.count, locales: locales.count, texts: texts.count, cLoopSeconds: cLoop,
                       auditWallSeconds: wall, auditCPUSeconds: after.cpu - before.cpu,
                       peakResidentMegabytes: after.maxRSS, reportBytes: bytes,
                       terminalLines: output.split(separator: "\n", omittingEmptySubsequences: false).count - 1,
                       exitStatus: process.terminationStatus, stagesWallSeconds: stagesWall,
                       stagesCPUSeconds: stagesCPU, stagesFindings: stages.occurrenceCount,
                       stagesPeakResidentMegabytes: Benchmark.peakResidentMegabytes() ?? 0)
    }

    /// CPU seconds of this process so far.
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }

    /// CPU seconds and peak resident MB of the waited-for children.
    static func childUsage() -> (cpu: Double, maxRSS: Double) {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return (cpu, Double(usage.ru_maxrss) / 1024)
    }

    /// The figures as the bench prints them, against the issue's targets.
    public static func describe(_ f: Figures) -> String {
        let ratio = f.auditWallSeconds / f.cLoopSeconds
        return """
        Whole-app audit: \(f.keys) keys × \(f.locales) locales (\(f.texts) texts), 20-row screens, 4 text styles, \
        2 devices × 12 categories (typefit audit, all report formats, exit \(f.exitStatus)):
          C loop (hb_shape once per text, 1 thread): \(String(format: "%.3f s", f.cLoopSeconds))
          audit wall: \(String(format: "%.2f s", f.auditWallSeconds)) (\(String(format: "%.1f×", ratio)) the C loop; target ≤ 10×), CPU \(String(format: "%.2f s", f.auditCPUSeconds))
          peak RSS: \(String(format: "%.0f MB", f.peakResidentMegabytes)) (target ≤ 300 MB)
          reports: \(String(format: "%.1f MB", Double(f.reportBytes) / 1_048_576)) (target ≤ 50 MB)
          terminal: \(f.terminalLines) lines (target ≤ 300)
          the audit's stages alone (in process: plan → layout → observation → checks → report document, no files): \
        wall \(String(format: "%.2f s", f.stagesWallSeconds)) (\(String(format: "%.1f×", f.stagesWallSeconds / f.cLoopSeconds)) the C loop), \
        CPU \(String(format: "%.2f s", f.stagesCPUSeconds)), \(f.stagesFindings) findings, peak RSS of the bench process \(String(format: "%.0f MB", f.stagesPeakResidentMegabytes))

        """
    }
}
