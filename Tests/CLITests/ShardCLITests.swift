import Foundation
import TestSupport
import Testing

/// `typefit audit --shard I/N` and `typefit merge`, run as a CI matrix runs them: every shard a
/// separate process (one thread each), then the merge, compared with the unsharded run.
@Suite("typefit audit --shard / typefit merge", .serialized)
struct ShardCLITests {
    let root = Repository.root
    let config = "Examples/Wayfell/typefit.yml"
    let baseline = "Examples/Wayfell/typefit-baseline.json"
    let reportNames = ["junit.xml", "report.html", "report.json", "report.md", "report.sarif"]

    /// Runs the N shards of `config` in `directory` into `dir/part-I`, one process each.
    func shards(_ n: Int, in dir: URL, directory: URL? = nil) throws -> [String] {
        try (1...n).map { i in
            let part = dir.appendingPathComponent("part-\(i)").path
            let r = try CLIRunner.run(["audit", config, "--shard", "\(i)/\(n)", "--output", part, "--threads", "1",
                                       "--no-progress"], directory: directory)
            #expect(r.status == 0, "shard \(i)/\(n): \(r.stderr)")
            return part
        }
    }

    /// The part file's JSON object.
    func partObject(_ part: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: part).appendingPathComponent("typefit-part.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The merged reports of 2 and 3 shards equal the unsharded run's, file for file, byte for byte
    /// (report.json is the document; the others are made from it). Each shard did a real share:
    /// the parts' units are disjoint, cover the run, and every part holds findings.
    @Test(arguments: [2, 3])
    func mergedShardsEqualTheUnshardedRun(n: Int) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let whole = dir.appendingPathComponent("whole")
        let unsharded = try CLIRunner.run(["audit", config, "--baseline", baseline, "--output", whole.path, "--no-progress"])
        #expect(unsharded.status == 0, "\(unsharded.stderr)")

        let parts = try shards(n, in: dir)
        var seen: [Int] = []
        var unitCount = 0
        for (i, part) in parts.enumerated() {
            let object = try partObject(part)
            #expect(object["kind"] as? String == "typefit-audit-part")
            let shard = try #require(object["shard"] as? [String: Any])
            #expect(shard["index"] as? Int == i + 1 && shard["count"] as? Int == n)
            #expect((object["configDigest"] as? String)?.isEmpty == false)
            unitCount = try #require(object["unitCount"] as? Int)
            let units = try #require(object["units"] as? [Int])
            #expect(!units.isEmpty, "shard \(i + 1)/\(n) got no units")
            seen += units
            let collected = try #require(object["collected"] as? [String: Any])
            let grouper = try #require(collected["grouper"] as? [String: Any])
            // Compact occurrences: 8 integers each (FindingGrouper's coding), strings in one table.
            let coded = try #require(grouper["groups"] as? [[String: Any]])
            let occurrences = try coded.map { group in
                let members = try #require(group["members"] as? String).split(separator: " ").compactMap { Int($0) }
                #expect(members.count % 8 == 0)
                return members.count / 8
            }.reduce(0, +)
            #expect(occurrences > 0, "shard \(i + 1)/\(n) carries no findings")
            let strings = try #require(grouper["strings"] as? [String])
            #expect(Set(strings).count == strings.count, "each string once")
            // Occurrences, not groups: nothing grouped is in a part.
            #expect(object["groups"] == nil)
        }
        // The bundled example: 3 screens × 6 locales (Examples/Wayfell/typefit.yml) = 18 units, each in one part.
        #expect(unitCount == 18)
        #expect(seen.sorted() == Array(0..<unitCount))

        let merged = dir.appendingPathComponent("merged")
        let result = try CLIRunner.run(["merge"] + parts + ["--output", merged.path, "--baseline", baseline])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == unsharded.stdout, "the terminal report equals the unsharded run's")
        for name in reportNames {
            let a = try Data(contentsOf: whole.appendingPathComponent(name))
            let b = try Data(contentsOf: merged.appendingPathComponent(name))
            #expect(a == b, "\(name) of \(n) merged shards differs from the unsharded run's")
        }
    }

    /// `typefit merge` with no --baseline compares with the config's own typefit-baseline.json, as
    /// `typefit audit CONFIG` does, and run from another folder it gives that run's reports byte for
    /// byte (paths shown from the folder the shards ran in, which the parts record). A --baseline
    /// that does not exist yet is a first run: one line says so and every group is new, not exit 2.
    @Test func mergeFromAnotherFolderGivesTheUnshardedReports() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let whole = dir.appendingPathComponent("whole")
        // The example's groups are all in its committed baseline: the unsharded run exits 0.
        let unsharded = try CLIRunner.run(["audit", config, "--output", whole.path, "--no-progress"])
        #expect(unsharded.status == 0, "\(unsharded.stderr)")
        let parts = try shards(3, in: dir)
        let elsewhere = dir.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let merged = dir.appendingPathComponent("merged")
        let result = try CLIRunner.run(["merge"] + parts + ["--output", merged.path], directory: elsewhere)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == unsharded.stdout)
        for name in reportNames {
            let a = try Data(contentsOf: whole.appendingPathComponent(name))
            let b = try Data(contentsOf: merged.appendingPathComponent(name))
            #expect(a == b, "\(name) merged in another folder differs from the unsharded run's")
        }
        let document = try #require(CLIRunner.object(String(decoding: try Data(contentsOf: whole.appendingPathComponent("report.json")), as: UTF8.self)))
        #expect(document["baseline"] as? String == baseline)
        let groups = try #require(document["groups"] as? [[String: Any]])
        #expect(!groups.isEmpty && groups.allSatisfy { $0["status"] as? String == "baselined" })

        // A first run: the baseline the workflow names is not there yet.
        let first = dir.appendingPathComponent("first")
        let none = dir.appendingPathComponent("none/typefit-baseline.json").path
        let fresh = try CLIRunner.run(["merge"] + parts + ["--output", first.path, "--baseline", none], directory: elsewhere)
        #expect(fresh.status == 1, "every group is new: \(fresh.stderr)")
        #expect(fresh.stderrLines.filter { $0.contains("baseline") }.map(String.init)
                == ["typefit: --baseline \(none): no such file yet; every group is new (write it with --update-baseline)"])
        let report = try #require(CLIRunner.object(String(decoding: try Data(contentsOf: first.appendingPathComponent("report.json")), as: UTF8.self)))
        let firstGroups = try #require(report["groups"] as? [[String: Any]])
        #expect(firstGroups.count == groups.count && firstGroups.allSatisfy { $0["status"] as? String == "new" })
    }

    /// `merge --update-baseline` writes the baseline the unsharded `--update-baseline` writes.
    @Test func mergeUpdatesTheBaselineAsTheUnshardedRunDoes() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.json").path, b = dir.appendingPathComponent("b.json").path
        let one = try CLIRunner.run(["audit", config, "--baseline", a, "--update-baseline", "--format", "json",
                                     "--output", dir.appendingPathComponent("ra").path, "--no-progress"])
        #expect(one.status == 0, "\(one.stderr)")
        let parts = try shards(2, in: dir)
        let two = try CLIRunner.run(["merge"] + parts + ["--baseline", b, "--update-baseline", "--format", "json",
                                                         "--output", dir.appendingPathComponent("rb").path])
        #expect(two.status == 0, "\(two.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: a)) == Data(contentsOf: URL(fileURLWithPath: b)))
        #expect(FileManager.default.fileExists(atPath: a))
    }

    /// A missing, repeated or foreign part, or a config changed since the shards ran: one line on
    /// stderr naming the part, exit 2, and no report written.
    @Test func partsThatDoNotBelongTogetherAreRefused() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let three = try shards(3, in: dir.appendingPathComponent("three"))
        let two = try shards(2, in: dir.appendingPathComponent("two"))
        let out = dir.appendingPathComponent("out")

        func refused(_ parts: [String], _ expected: String, directory: URL? = nil) throws {
            let r = try CLIRunner.run(["merge"] + parts + ["--output", out.path], directory: directory)
            #expect(r.status == 2, "\(parts): \(r.stderr)")
            #expect(r.stderrLines.count == 1 && r.stderr.hasPrefix("typefit: error: "), "\(r.stderr)")
            #expect(r.stderr.contains(expected), "\(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out.path), "nothing is written")
        }
        try refused([three[0], three[1]], "shard 3/3 missing")
        try refused([three[0], three[1], three[1]], "\(three[1]): shard 2/3 given twice")
        try refused([three[0], three[1], three[2], two[1]], "\(two[1]): shard 2/2 of a run in 2 shards")
        try refused([dir.appendingPathComponent("nowhere").path], "no such part")
        let notPart = dir.appendingPathComponent("report.json")
        try Data("{\"schemaVersion\": 2}".utf8).write(to: notPart)
        try refused([notPart.path], "not a typefit audit part")

        // A copy of the example (same relative config path, so only the digest tells them apart):
        // shard 1 before a string changed, shard 2 after.
        let copy = dir.appendingPathComponent("copy")
        try FileManager.default.createDirectory(at: copy.appendingPathComponent("Examples"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: root.appendingPathComponent("Examples/Wayfell"),
                                         to: copy.appendingPathComponent("Examples/Wayfell"))
        try FileManager.default.createSymbolicLink(at: copy.appendingPathComponent("Fonts"),
                                                   withDestinationURL: root.appendingPathComponent("Fonts"))
        let before = try shards(2, in: dir.appendingPathComponent("before"), directory: copy)
        let strings = copy.appendingPathComponent("Examples/Wayfell/strings/de.strings")
        let text = try String(contentsOf: strings, encoding: .utf8)
        let original = "\"Settings.shareLocation\" = \"Standort live teilen\";"
        #expect(text.contains(original))
        try text.replacingOccurrences(of: original, with: "\"Settings.shareLocation\" = \"Standort live teilen!\";")
            .write(to: strings, atomically: true, encoding: .utf8)
        let after = try shards(2, in: dir.appendingPathComponent("after"), directory: copy)
        try refused([before[0], after[1]], "audited another config", directory: copy)
        // Both parts from before the change, merged after it: the config no longer matches them.
        try refused(before, "changed since the parts were audited", directory: copy)
        // The parts of one run merge in the copy as well.
        let ok = try CLIRunner.run(["merge"] + after + ["--format", "json", "--output", out.path], directory: copy)
        #expect(ok.status == 0 || ok.status == 1, "\(ok.stderr)")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("report.json").path))
    }

    /// `--shard` writes a part only: options that belong to the merge, a bad I/N and a missing
    /// --output are usage errors.
    @Test func shardOptionsAreChecked() throws {
        for (arguments, expected) in [
            (["--shard", "0/2", "--output", "p"], "--shard 0/2: expected I/N"),
            (["--shard", "3/2", "--output", "p"], "--shard 3/2: expected I/N"),
            (["--shard", "1/2"], "--shard needs --output"),
            (["--shard", "1/2", "--output", "p", "--baseline", baseline], "give --baseline"),
        ] {
            let r = try CLIRunner.run(["audit", config] + arguments)
            #expect(r.status == 2 && r.stderrLines.count == 1 && r.stderr.contains(expected), "\(arguments): \(r.stderr)")
        }
    }
}

/// Examples/ci/github-actions.yml's own shard and merge steps, run locally: each step's `run:`
/// script is taken from the workflow, its matrix values filled in, and run with bash as Actions
/// runs it (`bash --noprofile --norc -eo pipefail`), in a folder laid out as the jobs see it.
@Suite("Examples/ci/github-actions.yml", .serialized)
struct GitHubActionsExampleTests {
    let root = Repository.root

    /// The `run:` script of the step named `name` (the block after `run: |`, unindented).
    func script(_ workflow: String, step name: String) throws -> String {
        let lines = workflow.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("- name: \(name)") },
                                 "no step \(name)")
        let run = try #require(lines[start...].firstIndex { $0.trimmingCharacters(in: .whitespaces) == "run: |" })
        let indent = lines[run + 1].prefix { $0 == " " }.count
        var body: [String] = []
        for line in lines[(run + 1)...] {
            if !line.trimmingCharacters(in: .whitespaces).isEmpty && line.prefix(while: { $0 == " " }).count < indent { break }
            body.append(String(line.dropFirst(min(indent, line.count))))
        }
        return body.joined(separator: "\n")
    }

    func bash(_ script: String, in dir: URL, environment: [String: String]) throws -> Int32 {
        try ProcessRunner.run(URL(fileURLWithPath: "/bin/bash"), ["--noprofile", "--norc", "-eo", "pipefail", "-c", script],
                              directory: dir, environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }).status
    }

    /// The workflow works as written: TypeFit's source comes from a repository the user sets (no
    /// made-up default), its build is cached per TypeFit commit, every job installs what typefit
    /// needs — the packages of scripts/deps (read from the script) but those only TypeFit's own tests
    /// use — and the audit jobs the config's font packages, and the merge job (the one that renders
    /// web views) a browser when the config has `webViews:`.
    @Test func workflowInstallsWhatTheAuditNeeds() throws {
        let workflow = try String(contentsOf: root.appendingPathComponent("Examples/ci/github-actions.yml"), encoding: .utf8)
        let lines = workflow.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains("repository: ${{ env.TYPEFIT_REPOSITORY }}"))
        #expect(lines.contains("TYPEFIT_REPOSITORY: your-org/typefit"))
        #expect(!lines.contains { $0.hasPrefix("repository:") && !$0.contains("env.TYPEFIT_REPOSITORY") })
        #expect(lines.contains("- uses: actions/cache@v4") && lines.contains("path: typefit/.build"))
        #expect(lines.contains("key: typefit-build-${{ runner.os }}-${{ steps.typefit.outputs.commit }}"))

        let deps = try String(contentsOf: root.appendingPathComponent("scripts/deps"), encoding: .utf8)
        let array = try #require(deps.range(of: "pkgs=(").map { deps[$0.upperBound...].prefix { $0 != ")" } })
        let testOnly: Set = ["libharfbuzz-bin", "libxml2-utils", "python3-jsonschema",  // hb-shape, xmllint, schema checks
                             "chromium",  // the HTML report test; web views get the browser step below
                             "time"]  // /usr/bin/time for scripts/hostile-run and scripts/apps-check
        let needed = array.split(whereSeparator: \.isWhitespace).map(String.init).filter { !testOnly.contains($0) }
        #expect(needed.count >= 7)
        let packagesLine = try #require(lines.first { $0.hasPrefix("TYPEFIT_PACKAGES:") })
        let packages = Set(packagesLine.dropFirst("TYPEFIT_PACKAGES:".count).split(separator: " ").map(String.init))
        #expect(needed.filter { !packages.contains($0) }.isEmpty, "scripts/deps packages missing from the workflow")
        // Build, shard and merge jobs each install them; the audit jobs also the fonts' packages.
        let installs = lines.filter { $0.hasPrefix("run: sudo apt-get update && sudo apt-get install") }
        #expect(installs.count == 3 && installs.allSatisfy { $0.contains("$TYPEFIT_PACKAGES") })
        #expect(installs.filter { $0.contains("$TYPEFIT_FONT_PACKAGES") }.count == 2)
        // A browser only where the config has webViews:, found by TYPEFIT_CHROMIUM.
        let web = try script(workflow, step: "Whether the config has webViews")
        for (config, expected) in [("webViews:\n  - page: help.html\n", "views=true\n"), ("screens: []\n", "")] {
            let dir = try temporaryDirectory("typefit-actions-web")
            defer { try? FileManager.default.removeItem(at: dir) }
            try Data(config.utf8).write(to: dir.appendingPathComponent("typefit.yml"))
            let output = dir.appendingPathComponent("github-output")
            try Data().write(to: output)
            #expect(try bash(web, in: dir, environment: ["TYPEFIT_CONFIG": "typefit.yml", "GITHUB_OUTPUT": output.path]) == 0)
            #expect(try String(contentsOf: output, encoding: .utf8) == expected)
        }
        #expect(lines.contains("- uses: browser-actions/setup-chrome@v1"))
        #expect(lines.contains(#"run: echo "TYPEFIT_CHROMIUM=${{ steps.chrome.outputs.chrome-path }}" >> "$GITHUB_ENV""#))
    }

    @Test func workflowStepsGiveTheUnshardedReports() throws {
        let workflow = try String(contentsOf: root.appendingPathComponent("Examples/ci/github-actions.yml"), encoding: .utf8)
        let shardStep = try script(workflow, step: "Audit shard")
        let mergeStep = try script(workflow, step: "Merge the parts into the reports")
        #expect(shardStep.contains("--shard ${{ matrix.shard }}/${{ strategy.job-total }}"))
        #expect(mergeStep.contains("typefit merge parts/typefit-part-*"))

        // The job's checkout: the app (the bundled example) and the downloaded typefit artifact.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-actions-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let fm = FileManager.default
        try fm.createDirectory(at: dir.appendingPathComponent("Examples"), withIntermediateDirectories: true)
        try fm.copyItem(at: root.appendingPathComponent("Examples/Wayfell"), to: dir.appendingPathComponent("Examples/Wayfell"))
        try fm.createSymbolicLink(at: dir.appendingPathComponent("Fonts"), withDestinationURL: root.appendingPathComponent("Fonts"))
        try fm.createDirectory(at: dir.appendingPathComponent("typefit/.build/release"), withIntermediateDirectories: true)
        try fm.createSymbolicLink(at: dir.appendingPathComponent("typefit/.build/release/typefit"), withDestinationURL: CLIRunner.binary)
        let env = ["TYPEFIT_CONFIG": "Examples/Wayfell/typefit.yml", "TYPEFIT_BASELINE": "Examples/Wayfell/typefit-baseline.json",
                   "GITHUB_OUTPUT": dir.appendingPathComponent("github-output").path,
                   "GITHUB_STEP_SUMMARY": dir.appendingPathComponent("step-summary").path]

        let n = 2
        for i in 1...n {
            let step = shardStep.replacingOccurrences(of: "${{ matrix.shard }}", with: "\(i)")
                .replacingOccurrences(of: "${{ strategy.job-total }}", with: "\(n)")
            #expect(try bash(step, in: dir, environment: env) == 0, "shard \(i)")
            // upload-artifact typefit-part-I, download-artifact pattern typefit-part-* into parts/.
            try fm.createDirectory(at: dir.appendingPathComponent("parts"), withIntermediateDirectories: true)
            try fm.moveItem(at: dir.appendingPathComponent("part-\(i)"), to: dir.appendingPathComponent("parts/typefit-part-\(i)"))
        }
        #expect(try bash(mergeStep, in: dir, environment: env) == 0)
        let output = try String(contentsOf: dir.appendingPathComponent("github-output"), encoding: .utf8)
        #expect(output == "status=0\n")

        let whole = try CLIRunner.run(["audit", "Examples/Wayfell/typefit.yml", "--baseline", "Examples/Wayfell/typefit-baseline.json",
                                       "--output", "whole", "--no-progress"], directory: dir)
        #expect(whole.status == 0, "\(whole.stderr)")
        for name in ["report.json", "report.md"] {
            #expect(try Data(contentsOf: dir.appendingPathComponent("Reports/\(name)"))
                    == Data(contentsOf: dir.appendingPathComponent("whole/\(name)")), "\(name)")
        }

        // Against an empty baseline every group is new: the step records status 1 and goes on (the
        // comment is posted), and the last step fails the job.
        try Data("{\"schemaVersion\": 2, \"toolVersion\": \"test\", \"groups\": []}".utf8)
            .write(to: dir.appendingPathComponent("empty-baseline.json"))
        try fm.removeItem(at: dir.appendingPathComponent("github-output"))
        var failing = env
        failing["TYPEFIT_BASELINE"] = "empty-baseline.json"
        #expect(try bash(mergeStep, in: dir, environment: failing) == 0)
        #expect(try String(contentsOf: dir.appendingPathComponent("github-output"), encoding: .utf8) == "status=1\n")
        #expect(workflow.contains("if: steps.merge.outputs.status != '0'"))
    }
}
