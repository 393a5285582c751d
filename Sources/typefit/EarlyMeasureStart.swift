import TypeFit
import TypeFitSupport

/// `typefit measure`'s text file, read and split into lines on another core while
/// ArgumentParser parses the options.
///
/// Parsing `measure`'s options takes 2.5–3.3 ms of a 30–40 ms run on 20,000 lines (release
/// build, static standard library, the project's 2-core VM; 18 M instructions, from `main` to
/// `run()`): ArgumentParser reflects on the command's properties, and each of the ~210
/// protocol-conformance questions that raises is a first-time question answered by scanning all
/// 6,754 conformance records of the binary (callgrind: 227 scans, 11 M instructions). The
/// other core was idle meanwhile, and reading and splitting the text (about 2 ms on one thread)
/// needs only its path: the measuring loop now starts about 2.4 ms earlier (README, "Session 7"). When the output will be JSON Lines, the helper goes on to find the
/// repeated lines (`RepeatedLines`, which `LineMeasuring.writeRecords` needs before it starts).
///
/// The arguments are looked at, not parsed: for `typefit measure … --text-file PATH …` (or
/// `--text-file=PATH`; the last one, as ArgumentParser takes it; nothing after `--`) without
/// `--threads`, the crew of the default size is started and its helper reads PATH; `--format`
/// (or, without it, whether standard output is a terminal) says whether the output will be
/// JSON Lines, as `OutputFormat.resolve` decides after parsing. The parsed
/// options decide: `MeasureCommand` uses the early read only when its parsed `--text-file` is
/// the same string and `--threads` was not given; otherwise the read was wasted work, never a
/// different result (a guess at worst reads a file nobody asked for, and the process never
/// waits for it). Errors (no such file, not UTF-8) are those of `TextLines(contentsOfFile:)`,
/// reported as `measure` reports them, after the options are known to be valid.
struct EarlyMeasureStart: Sendable {
    /// The `--text-file` value read.
    let path: String
    /// The crew of the default size; `measure` goes on with it.
    let crew: WorkerCrew
    /// The lines (and their repeats, for JSON Lines), or the `TextLines.ReadError`.
    let text: Pending<Text>

    struct Text: Sendable {
        let lines: TextLines
        /// Found when the output was expected to be JSON Lines.
        let repeats: RepeatedLines?
    }

    /// The early start for this process's arguments (made on first use: `main` asks for it before parsing).
    static let shared: EarlyMeasureStart? = EarlyMeasureStart(arguments: CommandLine.arguments)

    /// Starts reading when `arguments` (with the program's name first) are a `measure` command
    /// with a `--text-file` and no `--threads`, on a machine with more than one core.
    init?(arguments: [String]) {
        guard let guess = Self.guess(from: arguments), let path = guess.textFile else { return nil }
        let crew = WorkerCrew(threads: 0)
        guard crew.size > 1 else { return nil }
        self.path = path
        self.crew = crew
        let records = OutputFormat.resolve(guess.format) == .json
        text = crew.start {
            let lines = try TextLines(contentsOfFile: path)
            return Text(lines: lines, repeats: records ? RepeatedLines(lines) : nil)
        }
    }

    /// What the arguments of a `measure` command line say of `--text-file` (the last one) and
    /// `--format` (nil: not given, or not a format); nil for another command, or with `--threads`.
    static func guess(from arguments: [String]) -> (textFile: String?, format: OutputFormat?)? {
        guard arguments.count > 2, arguments[1] == MeasureCommand.name else { return nil }
        var textFile: String?, format: String?
        var i = 2
        while i < arguments.count {
            let argument = arguments[i]
            if argument == "--" { break }
            i += 1
            guard argument.hasPrefix("--") else { continue }
            let name = argument.dropFirst(2).prefix { $0 != "=" }
            if name == MeasureCommand.threadsOption { return nil }
            guard name == MeasureCommand.textFileOption || name == MeasureCommand.formatOption else { continue }
            var value: String?
            if let equals = argument.firstIndex(of: "=") {
                value = String(argument[argument.index(after: equals)...])
            } else if i < arguments.count {
                value = arguments[i]
                i += 1
            }
            if name == MeasureCommand.textFileOption { textFile = value ?? textFile } else { format = value ?? format }
        }
        return (textFile, format.flatMap(OutputFormat.init(rawValue:)))
    }

    /// The early start, when the parsed options are those it guessed.
    static func matching(textFile: String, threads: Int?) -> EarlyMeasureStart? {
        guard threads == nil, let early = shared, early.path == textFile else { return nil }
        return early
    }
}
