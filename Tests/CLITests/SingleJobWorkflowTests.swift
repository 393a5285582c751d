import Foundation
import Testing
import TestSupport

/// Examples/ci/github-actions-single.yml's own steps, run locally as Actions runs them (see
/// `GitHubActionsExampleTests`): the audit step, the comment step on a fork's pull request (whose
/// token is read-only) and on one whose comment fails, a first run without a baseline, and the verdict.
@Suite("Examples/ci/github-actions-single.yml", .serialized)
struct SingleJobWorkflowTests {
    let root = Repository.root
    let actions = GitHubActionsExampleTests()

    /// A folder laid out as the job sees it: the app (the bundled example), typefit built into
    /// typefit/.build/release, TypeFit's Fonts, and the files Actions gives each step.
    func checkout() throws -> (dir: URL, env: [String: String]) {
        let fm = FileManager.default
        let dir = try temporaryDirectory("typefit-single-job")
        try fm.createDirectory(at: dir.appendingPathComponent("Examples"), withIntermediateDirectories: true)
        try fm.copyItem(at: root.appendingPathComponent("Examples/Wayfell"), to: dir.appendingPathComponent("Examples/Wayfell"))
        try fm.createSymbolicLink(at: dir.appendingPathComponent("Fonts"), withDestinationURL: root.appendingPathComponent("Fonts"))
        try fm.createDirectory(at: dir.appendingPathComponent("typefit/.build/release"), withIntermediateDirectories: true)
        try fm.createSymbolicLink(at: dir.appendingPathComponent("typefit/.build/release/typefit"), withDestinationURL: CLIRunner.binary)
        for name in ["github-output", "step-summary"] { try Data().write(to: dir.appendingPathComponent(name)) }
        return (dir, ["TYPEFIT_CONFIG": "Examples/Wayfell/typefit.yml", "TYPEFIT_BASELINE": "Examples/Wayfell/typefit-baseline.json",
                      "GITHUB_OUTPUT": dir.appendingPathComponent("github-output").path,
                      "GITHUB_STEP_SUMMARY": dir.appendingPathComponent("step-summary").path,
                      "GITHUB_ACTIONS": "true", "GITHUB_REPOSITORY": "example/app"])
    }

    func bash(_ script: String, in dir: URL, environment: [String: String]) throws -> ProcessOutput {
        try ProcessRunner.run(URL(fileURLWithPath: "/bin/bash"), ["--noprofile", "--norc", "-eo", "pipefail", "-c", script],
                              directory: dir, environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
    }

    func read(_ dir: URL, _ name: String) throws -> String {
        try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
    }

    /// One job: the build cached per TypeFit commit, then audit, summary, comment and verdict; the
    /// audit step records the audit's status, puts report.md in the job summary and, in Actions,
    /// prints the annotations.
    @Test func auditStepWritesTheSummaryAndRecordsTheVerdict() throws {
        let workflow = try String(contentsOf: root.appendingPathComponent("Examples/ci/github-actions-single.yml"), encoding: .utf8)
        let lines = workflow.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.filter { $0.hasSuffix(":") && !$0.hasPrefix("-") && !$0.hasPrefix("#") }.contains("typefit:"))
        #expect(lines.count(where: { $0.hasPrefix("runs-on:") }) == 1, "one job")
        #expect(lines.contains("key: typefit-build-${{ runner.os }}-${{ steps.typefit.outputs.commit }}"))
        #expect(lines.contains("if: steps.audit.outputs.status != '0'"))
        let audit = try actions.script(workflow, step: "Audit")
        let (dir, env) = try checkout()
        defer { try? FileManager.default.removeItem(at: dir) }

        let run = try bash(audit, in: dir, environment: env)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try read(dir, "github-output") == "status=0\n")
        let report = try read(dir, "Reports/report.md")
        #expect(try read(dir, "step-summary") == report)
        #expect(report.hasPrefix("## ✅ TypeFit: no new failing findings"))
        // Against the baseline every group is baselined; the fixed ones (if any) are notices.
        #expect(!run.stdout.contains("::error"))
        #expect(!run.stdout.contains("no baseline"))
    }

    /// A first run: no baseline file. The step says so once, audits with --no-baseline (every
    /// group new), records status 1 and succeeds; the verdict step then fails the job.
    @Test func firstRunWithoutABaselineIsSaidOnce() throws {
        let workflow = try String(contentsOf: root.appendingPathComponent("Examples/ci/github-actions-single.yml"), encoding: .utf8)
        let audit = try actions.script(workflow, step: "Audit")
        let verdict = try actions.script(workflow, step: "Verdict")
        let (dir, baseEnv) = try checkout()
        defer { try? FileManager.default.removeItem(at: dir) }
        var env = baseEnv
        env["TYPEFIT_BASELINE"] = "typefit-baseline.json"  // not there yet
        let run = try bash(audit, in: dir, environment: env)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.components(separatedBy: "no baseline typefit-baseline.json yet").count == 2, "said once")
        #expect(try read(dir, "github-output") == "status=1\n")
        let report = try read(dir, "Reports/report.md")
        #expect(report.hasPrefix("## ❌ TypeFit:"))
        #expect(!report.contains("baseline `"), "no baseline used")
        #expect(try read(dir, "step-summary") == report)
        // In Actions the failing groups are annotations.
        #expect(run.stdout.contains("::error file="))
        #expect(try bash(verdict, in: dir, environment: env).status == 1)
    }

    /// The comment step: on a fork's pull request it never calls gh and succeeds; on the
    /// repository's own pull request, a comment the token may not write (gh fails) does not fail it.
    @Test func commentStepNeverFailsTheJob() throws {
        for file in ["github-actions-single.yml", "github-actions.yml"] {
            let workflow = try String(contentsOf: root.appendingPathComponent("Examples/ci/\(file)"), encoding: .utf8)
            let comment = try actions.script(workflow, step: "Post report.md as the pull request comment")
            #expect(workflow.contains("HEAD_REPOSITORY: ${{ github.event.pull_request.head.repo.full_name }}"), "\(file)")
            let (dir, baseEnv) = try checkout()
            defer { try? FileManager.default.removeItem(at: dir) }
            try FileManager.default.createDirectory(at: dir.appendingPathComponent("Reports"), withIntermediateDirectories: true)
            try Data("## ✅ TypeFit\n".utf8).write(to: dir.appendingPathComponent("Reports/report.md"))
            // A gh that records its calls and fails as with a read-only token.
            let bin = dir.appendingPathComponent("bin")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            let gh = bin.appendingPathComponent("gh")
            try Data("#!/bin/bash\necho \"$@\" >> \"\(dir.path)/gh-calls\"\necho 'GraphQL: Resource not accessible by integration (addComment)' >&2\nexit 1\n".utf8)
                .write(to: gh)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: gh.path)
            var env = baseEnv
            env["PATH"] = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            env["GH_TOKEN"] = "read-only"
            env["PR"] = "7"

            env["HEAD_REPOSITORY"] = "someone/app"  // a fork
            let fork = try bash(comment, in: dir, environment: env)
            #expect(fork.status == 0, "\(file): \(fork.stderr)")
            #expect(fork.stdout.contains("::notice::typefit: a pull request from a fork"))
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("gh-calls").path), "\(file): gh called")

            env["HEAD_REPOSITORY"] = "example/app"  // the repository's own branch, the comment refused
            let own = try bash(comment, in: dir, environment: env)
            #expect(own.status == 0, "\(file): \(own.stderr)")
            #expect(own.stdout.contains("::notice::typefit: could not comment"))
            let calls = try read(dir, "gh-calls").split(separator: "\n")
            #expect(calls.count == 2 && calls.allSatisfy { $0.hasPrefix("pr comment 7 --repo example/app") }, "\(file): \(calls)")
        }
    }
}
