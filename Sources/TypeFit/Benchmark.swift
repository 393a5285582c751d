import DynamicType
import FontEngine
import Foundation
import Layout
import Localization
import TypeFitSupport

/// `typefit bench`: TypeFit's measuring throughput against plain HarfBuzz (a C loop shaping each
/// line once), on the real lines of a localized-strings corpus.
public enum Benchmark {
    /// A font to benchmark: a label ("Inter (CFF)") and its file.
    public struct FontSpec: Sendable {
        public var label: String
        public var path: String
        public var faceIndex: Int
        public init(label: String, path: String, faceIndex: Int = 0) {
            self.label = label
            self.path = path
            self.faceIndex = faceIndex
        }
    }

    /// What to run.
    public struct Options: Sendable {
        public var corpus: URL
        public var fonts: [FontSpec]
        /// Threads for the parallel figures (0 = all cores).
        public var threads: Int
        /// Timed repetitions; the best (shortest) is kept.
        public var repeats: Int
        /// Run `python3 uharfbuzzScript FONT LINES` for the uharfbuzz column when given.
        public var uharfbuzzScript: String?
        public init(corpus: URL, fonts: [FontSpec], threads: Int = 0, repeats: Int = 3, uharfbuzzScript: String? = nil) {
            self.corpus = corpus
            self.fonts = fonts
            self.threads = threads
            self.repeats = repeats
            self.uharfbuzzScript = uharfbuzzScript
        }
    }

    /// Every non-empty line (values split at line feeds) of every localization file under `url`,
    /// in load order (files sorted by path), read with `StringTable` (lenient).
    public static func corpusLines(at url: URL) throws -> [String] {
        let table = try StringTable.load(contentsOf: url, options: .init(mode: .lenient))
        var lines: [String] = []
        for entry in table.entries {
            for line in entry.value.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\u{2028}" }) {
                lines.append(String(line))
            }
        }
        return lines
    }

    /// The 11 Dynamic Type text styles × 12 categories of point sizes (Apple's HIG table).
    public static var appleSizes: [Double] {
        TextStyle.dynamicTypeStyles.flatMap { style in ContentSizeCategory.allCases.map { AppleScaling(style: style).size(at: $0).pointSize } }
    }

    /// Label widths in points: 320, 393 and 440 pt screens minus 2 × 16 pt margins.
    public static let deviceWidths: [Double] = [320 - 32, 393 - 32, 440 - 32]

    /// Runs everything and returns the table (text).
    public static func run(_ options: Options, progress: (String) -> Void = { _ in }) throws -> String {
        let lines = try corpusLines(at: options.corpus)
        let packed = PackedLines(lines)
        let threads = options.threads > 0 ? options.threads : Processors.available
        let sizes = Set(appleSizes).sorted()
        var out = "TypeFit bench: \(lines.count) lines of \(options.corpus.lastPathComponent)/ (every file, every language), "
        out += "\(Set(lines).count) distinct; \(threads) threads for the parallel figures; best of \(options.repeats) runs, cold caches.\n"
        out += "Audit: labels × \(TextStyle.dynamicTypeStyles.count) text styles × \(ContentSizeCategory.allCases.count) categories × \(deviceWidths.count) devices (widths \(deviceWidths.map { String(Int($0)) }.joined(separator: ", ")) pt), greedy wrapping at UAX #14 breaks.\n\n"
        var rows: [[String]] = []
        for spec in options.fonts {
            progress("bench: \(spec.label)")
            let face = try FontFace(path: spec.path, faceIndex: spec.faceIndex)
            let font = ShapingFont(face: face)
            let baseline = try PlainHarfBuzzBaseline(path: spec.path, faceIndex: spec.faceIndex)
            // Baseline and TypeFit runs alternate, so both see the same machine load.
            var tBase = Timing.worst, t1 = Timing.worst, tN = Timing.worst, tAudit = Timing.worst
            for _ in 0..<options.repeats {
                tBase = tBase.best(Timing.measure { _ = baseline.shapeAll(packed) })
                t1 = t1.best(Timing.measure { _ = try? measureAllSizes(packed, font: font, threads: 1, sizes: sizes) })
                tN = tN.best(Timing.measure { _ = try? measureAllSizes(packed, font: font, threads: threads, sizes: sizes) })
                tAudit = tAudit.best(Timing.measure { _ = try? audit(lines, font: font, threads: threads) })
            }
            var uhb = "n/a"
            if let script = options.uharfbuzzScript, let rate = uharfbuzzRate(script: script, font: spec, lines: lines, repeats: options.repeats) {
                uhb = ratio(Double(lines.count) / t1.cpu / rate) + " (" + kilo(rate) + ")"
            }
            let n = Double(lines.count)
            rows.append([spec.label, kilo(n / tBase.cpu), kilo(n / t1.cpu), ratio(tBase.cpu / t1.cpu),
                         kilo(n / tN.wall), ratio(tBase.wall / tN.wall), uhb,
                         String(format: "%.2f s", tAudit.wall), ratio(tAudit.wall / tBase.wall), ratio(tAudit.cpu / tBase.cpu)])
        }
        out += "1-thread figures use CPU time (the machine may be shared); parallel and audit figures use wall time.\n"
        out += table(header: ["font", "C baseline lines/s", "TypeFit 1 thread", "× baseline", "TypeFit \(threads) threads (wall)", "× baseline",
                              "1 thread × uharfbuzz (uhb lines/s)", "full audit (wall)", "÷ baseline wall", "÷ baseline CPU"], rows: rows)

        // Growth: lines/s at 5k, 10k, 20k and all lines, first font, one thread.
        if let spec = options.fonts.first {
            let face = try FontFace(path: spec.path, faceIndex: spec.faceIndex)
            let font = ShapingFont(face: face)
            var growth: [[String]] = []
            for n in [5000, 10000, 20000, lines.count] where n <= lines.count {
                let part = packed.prefix(n)
                var t = Timing.worst
                for _ in 0..<options.repeats { t = t.best(Timing.measure { _ = try? measureAllSizes(part, font: font, threads: 1, sizes: sizes) }) }
                growth.append(["\(n)", kilo(Double(n) / t.cpu)])
            }
            out += "\nGrowth (\(spec.label), 1 thread, all sizes, CPU time):\n" + table(header: ["lines", "lines/s"], rows: growth)
            let stats = try FastMeasurer.advances(of: packed, font: font, threads: 1).statistics
            out += String(format: "\nCache (%@, all lines, 1 thread): %.1f %% line hits, %.1f %% segment hits, %.2f hb_shape calls per line, %d unsafe cuts kept together, %d clears.\n",
                          spec.label, 100 * Double(stats.lineHits) / Double(max(1, stats.lines)),
                          100 * Double(stats.segmentHits) / Double(max(1, stats.segments)),
                          Double(stats.shapeCalls) / Double(max(1, stats.lines)), stats.unsafeCuts, stats.cacheClears)
        }
        // The same workload through Layout's labels (Label.layout per style × category × device,
        // EngineMeasurer on the fast path): a sample, extrapolated per line.
        if let spec = options.fonts.first {
            let face = try FontFace(path: spec.path, faceIndex: spec.faceIndex)
            let baseline = try PlainHarfBuzzBaseline(path: spec.path, faceIndex: spec.faceIndex)
            let sample = Array(lines.prefix(layoutSample))
            let measurer = try EngineMeasurer(face: face)
            let tLayout = Timing.measure { _ = labelAudit(sample, measurer: measurer) }
            var tBase = Timing.worst
            for _ in 0..<options.repeats { tBase = tBase.best(Timing.measure { _ = baseline.shapeAll(packed) }) }
            let perLine = tLayout.cpu / Double(sample.count), basePerLine = tBase.cpu / Double(lines.count)
            out += String(format: "Layout labels (%@, first %d lines, 1 thread, CPU): %.0f µs per line for %d layouts = %@ the baseline's time per line.\n",
                          spec.label, sample.count, perLine * 1e6, appleSizes.count * deviceWidths.count, ratio(perLine / basePerLine))
        }
        out += "Peak resident memory (VmHWM): \(peakResidentMegabytes().map { String(format: "%.0f MB", $0) } ?? "unknown")\n"
        return out
    }

    /// Measures every line (fast path) and scales each advance to every size in `sizes` (points).
    /// Returns a checksum of the widths.
    @discardableResult
    public static func measureAllSizes(_ lines: PackedLines, font: ShapingFont, threads: Int, sizes: [Double]) throws -> Double {
        let advances = try FastMeasurer.advances(of: lines, font: font, threads: threads).advances
        let scales = sizes.map { $0 / Double(font.unitsPerEm) }
        var sum = 0.0
        for a in advances {
            let units = Double(a)
            for s in scales { sum += units * s }
        }
        return sum
    }

    /// The full audit workload: every line as a label, wrapped at every style × category × device;
    /// returns the total number of wrapped lines (a checksum).
    @discardableResult
    public static func audit(_ lines: [String], font: ShapingFont, threads: Int) throws -> Int {
        let sizes = appleSizes
        let upem = Double(font.unitsPerEm)
        let largest = sizes.max() ?? 1, narrowest = deviceWidths.min() ?? 0
        let threadCount = max(1, threads)
        let measurers = try FastMeasurer.group(count: threadCount, font: font)  // one shared cache
        let counts = UnsafeMutableBufferPointer<Int>.allocate(capacity: threadCount)
        counts.initialize(repeating: 0)
        defer { counts.deallocate() }
        let shared = AuditShared(lines: lines, measurers: measurers, counts: counts)
        WorkerPool(threads: threadCount).run { t in
            let m = shared.measurers[t]
            var pieces: [(width: Double, trimmed: Double)] = []
            var total = 0
            var i = t
            while i < shared.lines.count {
                let line = shared.lines[i]
                i += threadCount
                // The whole label first: when it fits on one line at the largest size on the
                // narrowest device, no layout wraps and no break opportunities are needed.
                var trimmedLine = line[...]
                while trimmedLine.last == " " { trimmedLine = trimmedLine.dropLast() }
                let oneLine = Double(m.advance(of: trimmedLine))
                if oneLine <= narrowest * upem / largest {
                    total += sizes.count * deviceWidths.count
                    continue
                }
                // Break segments (UAX #14) measured once, reused for every size and width.
                pieces.removeAll(keepingCapacity: true)
                let breaks = LineBreaker.opportunities(in: line)
                let utf16 = line.utf16
                var start = line.startIndex
                for b in breaks {
                    let end = utf16.index(utf16.startIndex, offsetBy: b.offset)
                    let piece = line[start..<end]
                    let width = Double(m.advance(of: piece))
                    var trimmedEnd = end
                    while trimmedEnd > start, line[line.index(before: trimmedEnd)] == " " { trimmedEnd = line.index(before: trimmedEnd) }
                    let trimmed = trimmedEnd == end ? width : Double(m.advance(of: line[start..<trimmedEnd]))
                    pieces.append((width, trimmed))
                    start = end
                }
                for size in sizes {
                    for w in deviceWidths {
                        let limit = w * upem / size
                        if oneLine <= limit {
                            total += 1  // fits on one line: no wrapping needed
                            continue
                        }
                        var lineCount = 1
                        var used = 0.0
                        for p in pieces {
                            if used > 0, used + p.trimmed > limit {
                                lineCount += 1
                                used = 0
                            }
                            used += p.width
                        }
                        total += lineCount
                    }
                }
            }
            shared.counts[t] = total
        }
        return counts.reduce(0, +)
    }

    /// Lines of the Layout-labels sample.
    static let layoutSample = 500

    /// Every line laid out as a multi-line label (Layout.LabelStyle) at every size and device
    /// width; returns the total number of lines (a checksum).
    @discardableResult
    public static func labelAudit(_ lines: [String], measurer: EngineMeasurer) -> Int {
        var total = 0
        // As the audit does: one LayoutCache, so a line's measurements serve every size and width.
        let cache = LayoutCache()
        for line in lines {
            for size in appleSizes {
                var style = LabelStyle(font: measurer, pointSize: size, numberOfLines: 0)
                style.cache = cache
                for w in deviceWidths { total += style.layout(line, width: w).lines.count }
            }
        }
        return total
    }

    /// Peak resident set size of this process (VmHWM in /proc/self/status), in MB.
    public static func peakResidentMegabytes() -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kb = Double(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
        return kb / 1024
    }

    static func uharfbuzzRate(script: String, font: FontSpec, lines: [String], repeats: Int) -> Double? {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-bench-\(ProcessInfo.processInfo.processIdentifier).txt")
        defer { try? FileManager.default.removeItem(at: file) }
        guard (try? (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)) != nil else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, font.path, String(font.faceIndex), file.path, String(repeats)]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return Double(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Wall-clock and process CPU seconds of one run.
    struct Timing {
        var wall: Double
        var cpu: Double
        static let worst = Timing(wall: .infinity, cpu: .infinity)
        func best(_ other: Timing) -> Timing { Timing(wall: min(wall, other.wall), cpu: min(cpu, other.cpu)) }
        static func measure(_ body: () -> Void) -> Timing {
            let wall = DispatchTime.now().uptimeNanoseconds, cpu = cpuSeconds()
            body()
            return Timing(wall: Double(DispatchTime.now().uptimeNanoseconds - wall) / 1e9, cpu: cpuSeconds() - cpu)
        }
        static func cpuSeconds() -> Double {
            var t = timespec()
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
            return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
        }
    }

    static func kilo(_ rate: Double) -> String { String(format: "%.0fk", rate / 1000) }
    static func ratio(_ r: Double) -> String { String(format: "%.2f×", r) }

    /// A bench table: the header, a rule of dashes under each column, the rows (TextTable).
    static func table(header: [String], rows: [[String]]) -> String {
        let widths = header.indices.map { c in ([header] + rows).map { $0[c].count }.max() ?? 0 }
        return TextTable.render([header, widths.map { String(repeating: "-", count: $0) }] + rows)
    }
}

/// Inputs of the audit workers. `@unchecked Sendable`: each worker uses only its own measurer
/// and its own `counts` slot; `lines` is read-only.
private struct AuditShared: @unchecked Sendable {
    let lines: [String]
    let measurers: [FastMeasurer]
    let counts: UnsafeMutableBufferPointer<Int>
}

extension Benchmark {
    /// Every face of every font file under `directory` (sorted by path; each face of a .ttc).
    public static func bundledFaces(in directory: String) -> [FontSpec] {
        guard let walker = FileManager.default.enumerator(atPath: directory) else { return [] }
        var specs: [FontSpec] = []
        for case let relative as String in walker where FontCatalog.isPath(relative) {
            let path = (directory as NSString).appendingPathComponent(relative)
            guard let face = try? FontFace(path: path) else { continue }
            for index in 0..<max(1, face.info.faceCount) {
                specs.append(FontSpec(label: "\(relative)#\(index)", path: path, faceIndex: index))
            }
        }
        return specs.sorted { ($0.path, $0.faceIndex) < ($1.path, $1.faceIndex) }
    }

    /// Compares the fast path (`FastMeasurer`, fresh cold cache, one thread, and again on
    /// `threads` threads) with `Shaper.advance(of:)` on every line in every font. Returns one
    /// description per mismatch (empty = identical to the font unit) and the number of comparisons.
    public static func verify(lines: [String], fonts: [FontSpec], threads: Int) throws -> (mismatches: [String], comparisons: Int) {
        let packed = PackedLines(lines)
        var mismatches: [String] = []
        var comparisons = 0
        for spec in fonts {
            let face = try FontFace(path: spec.path, faceIndex: spec.faceIndex)
            let shaper = try Shaper(face: face)
            let font = ShapingFont(face: face)
            let single = try FastMeasurer.advances(of: packed, font: font, threads: 1).advances
            let parallel = try FastMeasurer.advances(of: packed, font: font, threads: threads).advances
            for (i, line) in lines.enumerated() {
                let expected = shaper.advance(of: Substring(line))
                comparisons += 1
                if Int(single[i]) != expected || Int(parallel[i]) != expected {
                    mismatches.append("\(spec.label) line \(i + 1): fast \(single[i]) / \(parallel[i]), whole-line \(expected): \(line)")
                }
            }
        }
        return (mismatches, comparisons)
    }
}
