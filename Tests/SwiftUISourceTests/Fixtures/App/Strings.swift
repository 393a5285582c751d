// swiftlint:disable all
// Generated using SwiftGen — https://github.com/SwiftGen/SwiftGen

import Foundation

public enum L10n {
  /// Requires %@ or later.
  public static func requiresVersion(_ p1: Any) -> String {
    return L10n.tr("Localizable", "requires_version", String(describing: p1))
  }
  public enum Settings {
    /// Settings
    public static var title: String { return L10n.tr("Localizable", "settings.title") }
  }
}

extension L10n {
  private static func tr(_ table: String, _ key: String, _ args: CVarArg...) -> String {
    let format = NSLocalizedString(key, tableName: table, comment: "")
    return String(format: format, arguments: args)
  }
}
