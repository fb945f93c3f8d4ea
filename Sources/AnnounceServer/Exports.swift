// The server's library is one import: the steps the phone compiles too
// (language, voice, wire contract, engine) come with it.
@_exported import AnnounceCommon
@_exported import AnnounceEngine
@_exported import AnnounceLanguage
@_exported import AnnounceVoice
@_exported import AnnounceWire
