import CHarfBuzz
import TypeFitSupport

extension FastMeasurer {
    /// Whether `scalar` is met for the first time in the current line (and marks it met).
    @inline(__always)
    func firstInLine(_ scalar: UInt32) -> Bool {
        guard scalar < 0x10000 else { return seenScalars.insert(scalar).inserted }
        writeFirst(seenGeneration + Int(scalar))
        if seenGeneration[Int(scalar)] == generation { return false }
        seenGeneration[Int(scalar)] = generation
        return true
    }

    /// Fills `pieceMissing` with the missing characters of a shaped piece, by `Shaper.measure`'s
    /// rule: for each cluster with a .notdef glyph (in glyph order, each cluster once), the
    /// characters of the cluster (from its value to the next larger cluster value, or the piece's
    /// end) that the font's cmap lacks and that are not default-ignorable, or the cluster's first
    /// character when it lacks none; each character once. Characters HarfBuzz draws with another
    /// glyph (U+2011 as U+2010's hyphen, say) make no .notdef and so are not missing. Entries are
    /// (offset of the cluster from `first` << 32 | scalar); `text[c]` is the byte of cluster c.
    func missingCharacters(_ info: UnsafeMutablePointer<hb_glyph_info_t>, _ count: Int, _ text: UnsafeBufferPointer<UInt8>,
                           first: Int) {
        pieceMissing.removeAll(keepingCapacity: true)
        // HarfBuzz's default cluster level keeps clusters monotone: ascending (LTR) or descending
        // (RTL) in glyph order, so a cluster's glyphs are adjacent and the next larger value is
        // a neighbour's. Otherwise (never seen; kept exact anyway) the sorted values are searched.
        var ascending = true, descending = true
        for k in 1..<max(1, count) {
            if info[k].cluster < info[k - 1].cluster { ascending = false }
            if info[k].cluster > info[k - 1].cluster { descending = false }
        }
        let sorted: [Int] = ascending || descending ? [] : Set((0..<count).map { Int(info[$0].cluster) }).sorted()
        var seenClusters = Set<Int>()
        var seen = Set<UInt32>()
        func add(_ cluster: Int, _ scalar: UInt32) {
            // Few characters per piece: a linear search until there are many (hostile lines).
            if pieceMissing.count < 32 {
                if pieceMissing.contains(where: { UInt32(truncatingIfNeeded: $0) == scalar }) { return }
            } else {
                if seen.isEmpty { for r in pieceMissing { seen.insert(UInt32(truncatingIfNeeded: r)) } }
                guard seen.insert(scalar).inserted else { return }
            }
            pieceMissing.append(UInt64(cluster - first) << 32 | UInt64(scalar))
        }
        var previous = -1
        for k in 0..<count where info[k].codepoint == 0 {
            let cluster = Int(info[k].cluster)
            if ascending || descending {
                if cluster == previous { continue }
                previous = cluster
            } else if !seenClusters.insert(cluster).inserted {
                continue
            }
            // Where the cluster ends: the next larger cluster value, or the end of the text.
            var end = text.count
            if ascending {
                var j = k + 1
                while j < count && Int(info[j].cluster) == cluster { j += 1 }
                if j < count { end = min(end, Int(info[j].cluster)) }
            } else if descending {
                var j = k - 1
                while j >= 0 && Int(info[j].cluster) == cluster { j -= 1 }
                if j >= 0 { end = min(end, Int(info[j].cluster)) }
            } else {
                var low = 0, high = sorted.count
                while low < high {
                    let middle = (low + high) / 2
                    if sorted[middle] <= cluster { low = middle + 1 } else { high = middle }
                }
                if low < sorted.count { end = min(end, sorted[low]) }
            }
            var i = cluster
            var firstScalar: UInt32?
            var lacking = false
            while i < end {
                let (scalar, length) = TextLimits.decode(text, at: i)
                if firstScalar == nil { firstScalar = scalar }
                let lacked: Bool
                if scalar < 0x10000 { writeFirst(lacksBMP + Int(scalar)) }
                if scalar < 0x10000, lacksBMP[Int(scalar)] != 0 {
                    lacked = lacksBMP[Int(scalar)] == 2
                } else if let known = lacks[scalar] {
                    lacked = known
                } else {
                    var glyph: hb_codepoint_t = 0
                    lacked = hb_font_get_nominal_glyph(font.hbFont, scalar, &glyph) == 0
                        && !(Unicode.Scalar(scalar).map(Shaper.isDefaultIgnorable) ?? true)
                    if scalar < 0x10000 { lacksBMP[Int(scalar)] = lacked ? 2 : 1 } else { lacks[scalar] = lacked }
                }
                if lacked {
                    lacking = true
                    add(cluster, scalar)
                }
                i += max(1, length)
            }
            if !lacking, let firstScalar { add(cluster, firstScalar) }
        }
    }
}
