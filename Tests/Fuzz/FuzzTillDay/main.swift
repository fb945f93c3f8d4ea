import FuzzSupport

// libFuzzer drives fuzzTillDay when the target holds it; otherwise each file named is replayed.
FuzzDriver.main(fuzzTillDay)

#if FUZZING
    // The name libFuzzer's own main calls (its archive is linked whole).
    // Only in the fuzzing build: plain builds link every fuzz target into
    // the test bundle, where one name for several functions would clash.
    @_cdecl("LLVMFuzzerTestOneInput")
    func libFuzzerEntry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { fuzzTillDay(data, size) }
#endif
