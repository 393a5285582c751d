import TypeFitSupport

/// A report value written by hand into a `JSONBytes`: byte for byte what `JSONEncoder` writes for
/// its `Encodable` conformance with `[.sortedKeys, .withoutEscapingSlashes]` (no whitespace), so
/// report.json's large arrays (one line per element) skip `Codable`'s containers, boxes and key
/// sorting per element — they were most of the report writers' time on a whole app's groups.
/// Keys are written in `.sortedKeys` order (UTF-8 bytes), optionals left out when nil (as the
/// synthesized `encodeIfPresent` does). Checked against `JSONEncoder` in JSONLinesTests.
protocol JSONLine {
    func writeJSON(to json: inout JSONBytes)
}

extension JSONBytes {
    mutating func strings(_ list: [String]) {
        beginArray()
        for s in list { string(s) }
        endArray()
    }

    /// An array of optional numbers (nil as `null`).
    mutating func numbers(_ list: [Double?]) {
        beginArray()
        for v in list {
            if let v { double(v) } else { null() }
        }
        endArray()
    }
}

extension GroupKey: JSONLine {
    func writeJSON(to json: inout JSONBytes) {
        json.beginObject()
        json.key("checkId"); json.string(checkId)
        if let font { json.key("font"); json.string(font) }
        if let label { json.key("label"); json.string(label) }
        if let locale { json.key("locale"); json.string(locale) }
        if let row { json.key("row"); json.string(row) }
        if let screen { json.key("screen"); json.string(screen) }
        if let selector { json.key("selector"); json.string(selector) }
        if let stringKey { json.key("stringKey"); json.string(stringKey) }
        if let style { json.key("style"); json.string(style) }
        if let variant { json.key("variant"); json.string(variant) }
        json.endObject()
    }
}

extension FindingGroup: JSONLine {
    func writeJSON(to json: inout JSONBytes) {
        // JSON has no infinity or NaN: `JSONEncoder` throws for such a group and report.json has
        // always written `null` in its place (figures are rounded and finite; this is the guard).
        guard worst.values.allSatisfy(\.isFinite),
              occurrences.allSatisfy({ $0.figures.allSatisfy { $0?.isFinite ?? true } }) else {
            json.null()
            return
        }
        json.beginObject()
        json.key("categories"); json.strings(categories)
        json.key("certainty"); json.string(certainty.rawValue)
        json.key("devices"); json.strings(devices)
        json.key("figureNames"); json.strings(figureNames)
        json.key("key"); key.writeJSON(to: &json)
        if let locales { json.key("locales"); json.strings(locales) }
        json.key("message"); json.string(message)
        if locales != nil {
            json.key("occurrenceLocales")
            json.beginArray()
            for o in occurrences { json.int(o.locale) }
            json.endArray()
        }
        json.key("occurrences")
        json.beginArray()
        for o in occurrences {
            // Occurrence.encode(to:): [device, category, figure…] with null for a missing figure.
            json.beginArray()
            json.int(o.device)
            json.int(o.category)
            for v in o.figures {
                if let v { json.double(v) } else { json.null() }
            }
            json.endArray()
        }
        json.endArray()
        json.key("severity"); json.string(severity.rawValue)
        if let source {
            json.key("source")
            json.beginObject()
            json.key("file"); json.string(source.file)
            json.key("line"); json.int(source.line)
            json.endObject()
        }
        json.key("status"); json.string(status.rawValue)
        if let text { json.key("text"); json.string(text) }
        if let worseIn { json.key("worseIn"); json.strings(worseIn) }
        json.key("worst")
        json.beginObject()
        for name in JSONBytes.sortedKeys(Array(worst.keys)) {
            json.key(string: name)
            json.double(worst[name] ?? 0)
        }
        json.endObject()
        json.endObject()
    }
}

extension FixedGroup: JSONLine {
    func writeJSON(to json: inout JSONBytes) {
        json.beginObject()
        json.key("key"); key.writeJSON(to: &json)
        json.key("message"); json.string(message)
        json.endObject()
    }
}

extension RowsVisibleSeries: JSONLine {
    func writeJSON(to json: inout JSONBytes) {
        guard values.allSatisfy({ $0?.isFinite ?? true }) else {
            json.null()  // as for a group (above)
            return
        }
        json.beginObject()
        json.key("device"); json.string(device)
        json.key("locale"); json.string(locale)
        json.key("screen"); json.string(screen)
        json.key("values"); json.numbers(values)
        json.endObject()
    }
}
