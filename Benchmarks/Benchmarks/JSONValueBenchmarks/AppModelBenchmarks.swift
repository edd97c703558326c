import AppModels
import Benchmark
import Foundation
import JSONValueKit

/// Issue 42: bytes to a model and a model to bytes, on the models of
/// `Sources/AppModels/AppModels.swift`, written as apps write them, against
/// `JSONDecoder` and `JSONEncoder` with the same strategies, in the same run.
func appModelBenchmarks() {
    for model in AppModelCase.all {
        switch model.name {
        case "heldout-twitter": appModelBenchmarks(StatusPage.self, model)
        case "heldout-citm_catalog": appModelBenchmarks(ShowCatalog.self, model)
        case "app-twitter": appModelBenchmarks(Timeline.self, model)
        case "app-citm_catalog": appModelBenchmarks(EventCatalog.self, model)
        default: appModelBenchmarks(Country.self, model)
        }
    }
}

private func appModelBenchmarks<Model: Codable & Equatable>(_ type: Model.Type, _ model: AppModelCase) {
    let data = Corpus.data(model.file)
    var decoder = JSONValueDecoder()
    var encoder = JSONValueEncoder()
    let foundationDecoder = JSONDecoder()
    let foundationEncoder = JSONEncoder()
    if model.snakeCase {
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        encoder.keyEncodingStrategy = .convertToSnakeCase
        foundationDecoder.keyDecodingStrategy = .convertFromSnakeCase
        foundationEncoder.keyEncodingStrategy = .convertToSnakeCase
    }
    if model.millisecondDates {
        decoder.dateDecodingStrategy = .millisecondsSince1970
        encoder.dateEncodingStrategy = .millisecondsSince1970
        foundationDecoder.dateDecodingStrategy = .millisecondsSince1970
        foundationEncoder.dateEncodingStrategy = .millisecondsSince1970
    }
    let value = try! decoder.decode(Model.self, from: data)
    precondition(
        value == (try! foundationDecoder.decode(Model.self, from: data)), "\(model.name): the decoders disagree")
    precondition(
        value == (try! foundationDecoder.decode(Model.self, from: encoder.encode(value).jsonData())),
        "\(model.name): JSONValueEncoder's output decodes to another model")
    precondition(
        try! encoder.encodeJSONData(value) == encoder.encode(value).jsonData(),
        "\(model.name): encodeJSONData and the tree's text differ")

    Benchmark("Model/\(model.name)/JSONValueDecoder(Data)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try decoder.decode(Model.self, from: data))
        }
    }
    Benchmark("Model/\(model.name)/JSONDecoder") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try foundationDecoder.decode(Model.self, from: data))
        }
    }
    Benchmark("Model/\(model.name)/JSONValueEncoder(Data)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try encoder.encodeJSONData(value))
        }
    }
    Benchmark("Model/\(model.name)/JSONEncoder") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try foundationEncoder.encode(value))
        }
    }
}
