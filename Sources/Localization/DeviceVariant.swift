/// The device a String Catalog variation is for (`variations.device` keys, as Xcode writes them).
/// On a device, the variation of its own kind is shown; `other` where the catalog has none for
/// it; `mac`, `applewatch`, `appletv` and `applevision` never on an iPhone, iPad or iPod touch.
public enum DeviceVariant: String, Sendable, Hashable, Codable, CaseIterable {
    case iphone, ipad, ipod, mac, applewatch, appletv, applevision
    /// Written by some catalogs for Apple Vision Pro (read like `applevision`).
    case vision
    case other

    /// Of the strings of one key in one locale (their device variants, nil for a string that does
    /// not vary by device), which are shown on a device of kind `kind`: those without a device
    /// variant, and those of the most specific device the key has for that device (its own kind,
    /// else `other`). When the key has neither, only the strings without a device variant
    /// remain (none at all for a key that varies only by devices other than `kind`: the caller
    /// decides what such a device shows).
    public static func shown(_ devices: [DeviceVariant?], on kind: DeviceVariant) -> [Bool] {
        let present = Set(devices.compactMap { $0 })
        let chosen: DeviceVariant? = present.contains(kind) ? kind : present.contains(.other) ? .other : nil
        return devices.map { $0 == nil || $0 == chosen }
    }
}
