// The entry point of the test binary that `.ci/run` links itself from the
// objects SwiftPM builds without the FullFoundation trait (see there): Swift
// Testing's, as SwiftPM's generated runner calls it, without that runner's
// XCTest support, which imports Foundation.
import Testing

await Testing.__swiftPMEntryPoint() as Never
