import CFuzzerDriver
import Foundation

// libFuzzer entry point for TypeFit's readers (fuzz/README.md). Built only with FUZZ=1 and
// `-Xswiftc -sanitize=fuzzer,address`; the target is chosen with TYPEFIT_FUZZ_TARGET so that
// libFuzzer's own flags pass through untouched (and survive -fork/-jobs re-executions).
guard let target = FuzzTarget.selected else {
    FileHandle.standardError.write(Data("""
    typefit-fuzz: set TYPEFIT_FUZZ_TARGET to one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))

    """.utf8))
    exit(2)
}
// libFuzzer may rewrite argc/argv, so it gets its own copies (strings live until exit).
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    FuzzTarget.runSelected(data, size)
})
