import AnnounceCommon

extension JSONFields {
    /// The variants an object turns on, each under its own key
    /// (`"liang": true`), after refusing any key outside `ownKeys` and the
    /// offered variants' keys. A missing key is a variant off: one a
    /// language registered later offers is off in an object written before.
    package func variantsTurnedOn(besides ownKeys: [String]) throws(Problem) -> [ReadingVariant] {
        let offered = ReadingVariant.offered
        // A registered language's key is taken where it is written, and
        // only the package's own are listed to a writer who misspells one.
        let present = offered.map(\.key).filter(has)
        try requireOnly(Set(ownKeys + ReadingVariant.packaged.map(\.key) + present))
        var variants: [ReadingVariant] = []
        for variant in offered where has(variant.key) {
            if try bool(variant.key) { variants.append(variant) }
        }
        return variants
    }
}
