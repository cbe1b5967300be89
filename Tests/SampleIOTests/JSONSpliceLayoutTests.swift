import Foundation
import Testing
@testable import SampleIO

/// `JSONParser.parseForSplicing` notes the layout while parsing a plain value; it must be the
/// layout of the node tree, and a splice through it must give the bytes of a splice through the
/// tree, for every shape of line.
@Suite struct JSONSpliceLayoutTests {
    static let lines: [String] = {
        var lines = [
            #"{"type":"HKQuantityTypeIdentifierHeartRate","value":72,"metadata":{"HKDeviceSerialNumber":"A1"}}"#,
            "  {\n\t\"a\" : [ {\"metadata\":{\"x\":1}} , 2 ] ,\r\n \"metadata\" : { \"k\" : { \"deep\" : {\"z\":[]} } , \"HKDigitalSignature\":\"old\" } } \n",
            #"{"device":{"name":"n","metadata":"not this one"},"metadata":{},"objects":[{"metadata":{"y":2}}]}"#,
            #"{"metad\u0061ta":{"HKMetadataKeyDigitalSignature":"a","b":true,"HKDigitalSignature":"c"}}"#,
            #"{"metadata":"text"}"#, #"{"metadata":[1,2]}"#, #"{"metadata":null}"#, #"{"metadata":12.5e3}"#,
            #"{"metadata":false}"#, #"{"x":{"a":{}},"y":"\"}\\"}"#, "{}", " { } ", "[1,2]", "\"s\"", "3", "true", "null",
            #"{"a":"é","metadata":{"ключ":"значение","HKTimeZone":"Europe/Paris"}}"#,
        ]
        for (index, metadata) in ["", #","metadata":{}"#, #","metadata":{"k":"v"}"#].enumerated() {
            lines.append(#"{"type":"t\#(index)","value":1\#(metadata)}"#)
        }
        return lines
    }()

    @Test(arguments: lines)
    func layoutIsTheNodeTreesAndTheSpliceIsTheSame(_ line: String) throws {
        let bytes = Array(line.utf8)
        let (value, layout) = try JSONParser().parseForSplicing(bytes)
        let root = try JSONParser().parseNode(bytes)
        #expect(value == root.value)
        #expect(layout == JSONSpliceLayout(root: root))
        let signature = Array("MIIB+/=".utf8)
        let viaLayout = Result { () throws(SignatureSpliceError) in
            try signature.withUnsafeBufferPointer { (text) throws(SignatureSpliceError) in
                try insertingMetadataValue(key: "HKDigitalSignature", stringValueUTF8: text, into: bytes, layout: layout)
            }
        }
        let viaTree = Result { () throws(SignatureSpliceError) in
            try insertingMetadataValue(key: "HKDigitalSignature", stringValue: "MIIB+/=", into: bytes, root: root)
        }
        switch (viaLayout, viaTree) {
        case (.success(let a), .success(let b)): #expect(a == b)
        case (.failure(let a), .failure(let b)): #expect("\(a)" == "\(b)")
        default: Issue.record("one splice failed, the other did not: \(viaLayout) vs \(viaTree)")
        }
    }

    @Test func everyExampleReadingHasTheLayoutOfItsTree() throws {
        var root = URL(fileURLWithPath: #filePath)
        while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path), root.path != "/" {
            root.deleteLastPathComponent()
        }
        let text = try String(contentsOf: root.appendingPathComponent("examples/readings.jsonl"), encoding: .utf8)
        let lines = text.split(separator: "\n")
        #expect(!lines.isEmpty)
        for line in lines {
            let bytes = Array(line.utf8)
            #expect(try JSONParser().parseForSplicing(bytes).layout == JSONSpliceLayout(root: try JSONParser().parseNode(bytes)))
        }
    }
}
