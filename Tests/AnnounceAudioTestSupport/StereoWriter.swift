import CSndFile

/// Writes a two-channel float WAV straight through libsndfile, for the
/// mixing test (the engine itself only writes mono).
package enum StereoWriter {
    package struct Failure: Error {}

    package static func write(left: [Float], right: [Float], rate: Int, to path: String) throws {
        var info = SF_INFO()
        info.samplerate = Int32(rate)
        info.channels = 2
        info.format = Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT)
        guard let file = sf_open(path, Int32(SFM_WRITE), &info) else { throw Failure() }
        defer { sf_close(file) }
        var interleaved: [Float] = []
        for (l, r) in zip(left, right) { interleaved += [l, r] }
        guard sf_writef_float(file, interleaved, sf_count_t(left.count)) == sf_count_t(left.count) else { throw Failure() }
    }
}
