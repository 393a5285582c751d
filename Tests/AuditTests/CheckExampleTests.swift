import Audit
import Reports
import Testing

/// Every example of every registered check is a test.
@Suite struct CheckExampleTests {
    @Test(arguments: CheckRegistry.ids)
    func examplesHold(id: String) throws {
        let check = try CheckRegistry.check(id: id)
        #expect(!check.examples.isEmpty, "\(id) has no examples")
        for example in check.examples {
            let findings = check.run(example.input, context: example.context)
            #expect(findings.count == example.expectedCount,
                    "\(id) — \(example.description): \(findings.count) findings: \(findings.map(\.message))")
            for (i, finding) in findings.enumerated() {
                #expect(finding.checkId == id)
                #expect(finding.severity == check.defaultSeverity)
                #expect(finding.isNew)
                // Every finding carries one of the check's declared codes, and only declared figures.
                let code = try #require(finding.code, "\(id) — \(example.description): a finding without a code")
                #expect(check.codes.contains { $0.code == code }, "\(id): code \(code) is not declared")
                for name in finding.figures.keys {
                    #expect(check.figures.contains { $0.name == name }, "\(id): figure \(name) is not declared")
                }
                let codes = example.codes.count == findings.count && findings.count > 1 ? [example.codes[i]] : example.codes
                #expect(codes.allSatisfy { $0 == code }, "\(id) — \(example.description): code \(code), expected \(codes)")
                let fragments = example.messageContains.count == findings.count && findings.count > 1
                    ? [example.messageContains[i]] : example.messageContains
                for fragment in fragments {
                    #expect(finding.message.contains(fragment),
                            "\(id) — \(example.description): “\(finding.message)” lacks “\(fragment)”")
                }
                #expect(!finding.message.contains("\n"), "messages are one sentence on one line")
                if let certainty = example.certainty {
                    #expect(finding.certainty == certainty, "\(id) — \(example.description): \(finding.certainty)")
                }
            }
            if let first = findings.first {
                for (name, value) in example.figures {
                    let actual = first.figures[name].map(Finding.round)
                    #expect(actual == Finding.round(value),
                            "\(id) — \(example.description): figure \(name) = \(String(describing: first.figures[name])), expected \(value)")
                }
            }
        }
    }

    @Test(arguments: CheckRegistry.ids)
    func examplesCoverBothOutcomes(id: String) throws {
        let check = try CheckRegistry.check(id: id)
        #expect(check.examples.contains { $0.expectedCount > 0 }, "\(id) needs an example that reports")
        #expect(check.examples.contains { $0.expectedCount == 0 }, "\(id) needs an example that stays quiet")
        // Every example that reports says which codes it gives.
        for example in check.examples where example.expectedCount > 0 {
            #expect(!example.codes.isEmpty, "\(id) — \(example.description): no codes")
        }
        // Every declared code is given by some example.
        let given = Set(check.examples.flatMap(\.codes))
        for code in check.codes { #expect(given.contains(code.code), "\(id): no example gives \(code.code)") }
    }

    @Test(arguments: CheckRegistry.ids)
    func documented(id: String) throws {
        let check = try CheckRegistry.check(id: id)
        #expect(!check.title.isEmpty)
        // Rationale: 2–4 sentences (count sentence ends followed by a space or the end).
        let sentences = check.rationale.split(separator: ". ").count
        #expect((2...4).contains(sentences), "\(id): rationale has \(sentences) sentences")
        #expect(check.descriptor().id == id)
        #expect(check.descriptor(severity: .info).severity == .info)
        #expect(check.descriptor(severity: .info).defaultSeverity == check.defaultSeverity)
    }
}
