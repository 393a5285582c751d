import Foundation

extension FindingGrouper: Codable {
    // Coded compactly, for shard parts: the string table and the categories (when known), then per
    // group its key, its members as one flat integer array (8 per member: device, category,
    // message, text, source file, source line, figure count, severity rank × 8 + certainty × 2 + isNew; the
    // message indexes the group's `messages`, the other strings `strings`) and its figures as
    // (name ids, values), and for a group keyed without a locale (a literal text's) its members'
    // locale string ids (`locales`, one per member).
    enum CodingKeys: String, CodingKey { case strings, categories, groups }
    /// A group as coded. The number lists are coded as strings of space-separated numbers (values
    /// in Swift's shortest round-trip form): a part holds hundreds of thousands of them, which
    /// JSONDecoder would decode one by one.
    struct CodedGroup: Codable {
        var key: GroupKey
        var members: [Int32]
        var messages: [String]
        var names: [Int32]
        var values: [Double]
        var locales: [Int32]?

        enum CodingKeys: String, CodingKey { case key, members, messages, names, values, locales }

        init(key: GroupKey, members: [Int32], messages: [String], names: [Int32], values: [Double], locales: [Int32]?) {
            self.locales = locales
            self.key = key
            self.members = members
            self.messages = messages
            self.names = names
            self.values = values
        }

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            key = try c.decode(GroupKey.self, forKey: .key)
            messages = try c.decode([String].self, forKey: .messages)
            func numbers<T>(_ field: CodingKeys, _ parse: (Substring) -> T?) throws -> [T] {
                let text = try c.decode(String.self, forKey: field)
                return try text.split(separator: " ").map { word in
                    guard let n = parse(word) else {
                        throw DecodingError.dataCorruptedError(forKey: field, in: c, debugDescription: "not a number: \(word)")
                    }
                    return n
                }
            }
            members = try numbers(.members) { Int32($0) }
            names = try numbers(.names) { Int32($0) }
            values = try numbers(.values) { Double($0) }
            locales = c.contains(.locales) ? try numbers(.locales) { Int32($0) } : nil
        }

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(key, forKey: .key)
            try c.encode(messages, forKey: .messages)
            try c.encode(members.map(String.init).joined(separator: " "), forKey: .members)
            try c.encode(names.map(String.init).joined(separator: " "), forKey: .names)
            try c.encode(values.map(\.description).joined(separator: " "), forKey: .values)
            if let locales { try c.encode(locales.map(String.init).joined(separator: " "), forKey: .locales) }
        }
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        strings = StringTable(try c.decode([String].self, forKey: .strings))
        if let list = try c.decodeIfPresent([String].self, forKey: .categories) { setCategories(list) }
        let coded = try c.decode([CodedGroup].self, forKey: .groups)
        let count = Int32(strings.strings.count)
        func checked(_ id: Int32) throws -> Int32 {
            guard id >= -1 && id < count else {
                throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath, debugDescription: "string id \(id) out of range"))
            }
            return id
        }
        for group in coded {
            guard group.members.count % 8 == 0, group.names.count == group.values.count,
                  group.locales.map({ $0.count * 8 == group.members.count }) ?? true,
                  index[group.key] == nil else {
                throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath, debugDescription: "malformed group"))
            }
            var bucket = Bucket(figureNames: try group.names.map(checked), figureValues: group.values,
                                messages: group.messages)
            var start: Int32 = 0
            for i in stride(from: 0, to: group.members.count, by: 8) {
                let f = group.members[i..<i + 8].map { $0 }
                // f[7]: severity rank × 8 + certainty (its index in Certainty.allCases) × 2 + isNew.
                let rank = Int(f[7] >> 3), certaintyIndex = Int((f[7] >> 1) & 3)
                guard let severity = Severity.allCases.first(where: { $0.rank == rank }), f[6] >= 0,
                      certaintyIndex < Certainty.allCases.count,
                      Int(start) + Int(f[6]) <= bucket.figureNames.count, f[2] >= -1, Int(f[2]) < group.messages.count else {
                    throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath, debugDescription: "malformed occurrence"))
                }
                bucket.members.append(Stored(device: try checked(f[0]), category: try checked(f[1]),
                                             message: f[2], text: try checked(f[3]),
                                             sourceFile: try checked(f[4]), sourceLine: f[5], figureStart: start,
                                             figureCount: f[6], severity: severity, isNew: f[7] & 1 == 1,
                                             certainty: Certainty.allCases[certaintyIndex]))
                if let locales = group.locales { bucket.members[bucket.members.count - 1].locale = try checked(locales[i / 8]) }
                start += f[6]
            }
            index[group.key] = keys.count
            if categories != nil {
                for m in bucket.members where m.message >= 0 {
                    let r = rank(m)
                    if bucket.top.map({ $0 < r }) ?? true { bucket.top = r }
                }
            }
            keys.append(group.key)
            buckets.append(bucket)
            occurrenceCount += bucket.members.count
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(strings.strings, forKey: .strings)
        try c.encodeIfPresent(categories, forKey: .categories)
        let coded = keys.indices.map { g -> CodedGroup in
            let bucket = buckets[g]
            var members: [Int32] = []
            var names: [Int32] = []
            var values: [Double] = []
            members.reserveCapacity(bucket.members.count * 8)
            for m in bucket.members {
                members += [m.device, m.category, m.message, m.text, m.sourceFile, m.sourceLine, m.figureCount,
                            Int32(m.severity.rank * 8 + m.certainty.index * 2 + (m.isNew ? 1 : 0))]
                names += bucket.figureNames[Int(m.figureStart)..<Int(m.figureStart + m.figureCount)]
                values += bucket.figureValues[Int(m.figureStart)..<Int(m.figureStart + m.figureCount)]
            }
            let locales = bucket.members.contains { $0.locale >= 0 } ? bucket.members.map(\.locale) : nil
            return CodedGroup(key: keys[g], members: members, messages: bucket.messages, names: names, values: values,
                              locales: locales)
        }
        try c.encode(coded, forKey: .groups)
    }
}
