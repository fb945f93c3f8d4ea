import AnnounceCommon
import AnnounceLanguage
import AnnounceVoice
import AnnounceWire
import AnnounceEngine

extension SoundsFolder.PrunedFile {
    /// The file as one JSON line (`announce prune --json`): `age` (whole
    /// seconds), `bytes`, `error` when removing failed, `file`, `removed`.
    public var jsonLine: String {
        var object = JSONObject()
        object.add("age", age.rounded())
        object.add("bytes", bytes)
        object.addIfPresent("error", error)
        object.add("file", path)
        object.add("removed", removed)
        return object.line
    }
}
