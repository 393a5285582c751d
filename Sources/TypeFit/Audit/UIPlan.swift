import AppUI
import Audit
import Foundation
import InterfaceBuilder
import XcodeProject

/// What the audit made of the app's UI files (`ui:` in the config): the observations the `ui.*`
/// checks read, and an account of every text element: laid out (with its text from the files or
/// from a binding), run-time data, unresolved or not laid out, with the reason.
public struct UIPlan: Sendable {
    /// What happened to one element.
    public enum Status: Sendable, Hashable {
        /// Laid out with the text the files give it.
        case laidOut
        /// Laid out with the text `ui.bind` gives it.
        case bound
        /// Its text is run-time data (a model value, user input) and no binding gives sample text:
        /// `ui.*` checks only.
        case runtimeData(reason: String)
        /// Its text is set by code TypeFit could not follow and no binding gives one: `ui.*` checks only.
        case unresolved(reason: String)
        /// Its text is known but its width or font is not: `ui.*` checks only.
        case notLaidOut(reason: String)

        /// Why the text is unknown, for run-time data and unresolved text.
        public var unknownText: String? {
            switch self {
            case .runtimeData(let r), .unresolved(let r): r
            default: nil
            }
        }
    }

    /// One element and its status.
    public struct Account: Sendable, Hashable {
        public var element: UIElementID
        public var position: UISourcePosition
        public var status: Status
        /// Where the owner's code sets the element's text, when TypeFit followed an outlet to it.
        public var textFromCode: UISourcePosition? = nil
    }

    /// An Interface Builder file and what was read from it.
    public struct FileCount: Sendable, Hashable {
        public var path: String
        public var outcome: InterfaceBuilderReader.FileOutcome
        public var elements: Int
    }

    /// A screen not laid out in `locale`: its texts there are those of `sameAs` (no translation).
    public struct RepeatedLocale: Sendable, Hashable {
        public var screen: String
        public var locale: String
        public var sameAs: String
    }

    public var observations: [UIElementObservation] = []
    public var rows: [UIRowObservation] = []
    public var repository: AppRepository?
    public var interfaceBuilderFiles: [FileCount] = []
    public var swiftFiles: [String] = []
    /// What the SwiftUI reader found in `swiftFiles` (nil when there are none).
    public var swiftUI: SwiftUIPlanCounts?
    public var accounts: [Account] = []
    /// Screens left out in a locale that would repeat an earlier locale's texts, in plan order.
    public var repeatedLocales: [RepeatedLocale] = []
    /// One-line remarks of the readers and the repository (also in the plan's diagnostics).
    public var warnings: [String] = []

    public init() {}

    public var laidOut: Int { accounts.count { $0.status == .laidOut } }
    public var bound: Int { accounts.count { $0.status == .bound } }
    /// Laid out with the text the owner's code sets on its outlet.
    public var laidOutFromCode: [Account] { accounts.filter { $0.status == .laidOut && $0.textFromCode != nil } }
    public var runtimeData: [Account] { accounts.filter { if case .runtimeData = $0.status { true } else { false } } }
    public var unresolved: [Account] { accounts.filter { if case .unresolved = $0.status { true } else { false } } }
    /// The elements whose text is unknown and that no binding gives: run-time data and unresolved.
    public var unbound: [Account] { accounts.filter { $0.status.unknownText != nil } }
    public var notLaidOut: [Account] { accounts.filter { if case .notLaidOut = $0.status { true } else { false } } }

    /// Reasons with how many elements each covers, most first.
    public static func reasons(_ accounts: [Account]) -> [(reason: String, count: Int)] {
        var counts: [String: Int] = [:]
        for account in accounts {
            switch account.status {
            case .runtimeData(let r), .unresolved(let r), .notLaidOut(let r): counts[r, default: 0] += 1
            default: break
            }
        }
        return counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { ($0.key, $0.value) }
    }
}
