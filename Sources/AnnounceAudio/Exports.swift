// The server's library is one import: the Foundation-only targets the phone
// compiles (core, wire contract, engine) come with it.
@_exported import AnnounceCore
@_exported import AnnounceEngine
@_exported import AnnounceWire
