import XCTest

/// Checks that a hash's hardware path gives what its Swift path gives, for every length up
/// to 300 bytes and a few long ones, the hardware's input given in two pieces.
func assertHardwareAgreesWithSwift(
    software: ([UInt8]) -> [UInt8], hardware: (ArraySlice<UInt8>, ArraySlice<UInt8>) -> [UInt8], file: StaticString = #filePath, line: UInt = #line
) {
    var seed: UInt64 = 0x5EED
    func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: seed >> 56)
        }
    }
    for length in Array(0...300) + [1_000, 4_096, 65_536, 1_000_003] {
        let input = bytes(length)
        let split = length / 3
        XCTAssertEqual(hardware(input[..<split], input[split...]), software(input), "length \(length)", file: file, line: line)
    }
}
