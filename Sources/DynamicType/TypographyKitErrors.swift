import Foundation
import TypeFitSupport

/// A problem in a TypographyKit configuration: `keyPath` (dot-separated) and what is wrong.
/// `description` is `"<keyPath>: <message>"` on one line; the caller prefixes the file name.
public struct TypographyKitConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    public let keyPath: String
    public let message: String
    /// Line and column in the file, when known (JSON syntax errors).
    public let position: TextPosition?
    public init(keyPath: String, message: String, position: TextPosition? = nil) {
        self.keyPath = keyPath
        self.message = message
        self.position = position
    }
    /// `[line:column: ][keyPath: ]message`; prefix it with the file name and a colon.
    public var description: String {
        (position.map { "\($0): " } ?? "") + (keyPath.isEmpty ? message : "\(keyPath): \(message)")
    }
}

/// Something TypographyKit reads differently from what the file says (a value it ignores, a style it
/// drops, a quirk): where (`keyPath`, dot-separated), what kind (`code`) and a one-line `message`.
/// `description` is `"<keyPath>: <message>"`; the caller prefixes the file name.
public struct TypographyKitWarning: Sendable, Hashable, CustomStringConvertible {
    public enum Code: String, Sendable, CaseIterable {
        /// A key TypographyKit does not read.
        case unknownKey
        /// A number not exactly representable in binary32: TypographyKit's `as? Float` yields nil.
        case inexactFloat
        /// A style without `font-name` or `point-size`: `Typography.font()` returns nil.
        case noFont
        /// An unknown `scaling-mode`: `ScalingMode(rawValue:)` is nil, so the default/global mode applies.
        case unknownScalingMode
        /// A style TypographyKit drops: `extends` of an unknown, cyclic or dropped style.
        case droppedStyle
        /// `extends` loses letter-spacing.
        case letterSpacingLost
        /// Negative letter-spacing is not applied.
        case negativeLetterSpacing
        /// A setting that has no effect in TypographyKit (documented-but-unparsed key, ignored argument,
        /// a no-op letter case, an unknown interface style).
        case noEffect
        /// Every styled label gets unlimited lines.
        case unlimitedLines
        /// A colour name assumed to come from an asset catalog (not checked).
        case assetCatalogColor
    }
    public let keyPath: String
    public let code: Code
    public let message: String
    public init(keyPath: String, code: Code, message: String) {
        self.keyPath = keyPath
        self.code = code
        self.message = message
    }
    public var description: String { keyPath.isEmpty ? message : "\(keyPath): \(message)" }
}
