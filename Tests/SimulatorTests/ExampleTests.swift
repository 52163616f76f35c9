import Foundation
import ModelLoading
import SceneModel
import Simulator
import Testing

/// The bundled example: every flow passes its `expect` steps.
@Suite struct ExampleTests {
    static let path = packageRoot.appendingPathComponent("Examples/Photos.yaml").path

    @Test(arguments: Detail.allCases)
    func everyFlowOfTheExamplePasses(_ detail: Detail) throws {
        let model = try TraceFormatTests.photos()
        let trace = Simulator(model: model).runAll(detail: detail)
        #expect(trace.flows.map(\.flow) == model.flows.map(\.id))
        for flow in trace.flows {
            #expect(flow.result == .passed, "\(flow.flow): \(flow.failures.map(\.failure.message)) \(flow.errorStep?.error?.message ?? "")")
        }
        // Every flow checks something.
        let expectations = model.flows.map { $0.steps.filter { if case .expect = $0.action { true } else { false } }.count }
        #expect(expectations.allSatisfy { $0 > 0 })
    }

    @Test func theExpectationsOfTheExampleCanFail() throws {
        let text = try String(contentsOfFile: Self.path, encoding: .utf8)
        let broken = text.replacingOccurrences(of: "      - expect: {chain: [tabs], visible: photo, noEvents: [\"photo: viewWillAppear(_:)\"]}",
                                               with: "      - expect: {chain: [tabs], visible: library, noEvents: [\"photo: viewWillAppear(_:)\"]}")
        #expect(broken != text)
        let model = try #require(ModelLoader().load(text: broken, path: "Photos.yaml").model)
        let flow = try #require(Simulator(model: model).run(flowID: "share-a-photo"))
        #expect(flow.result == .failed)
        #expect(flow.failures.map(\.failure.message) == ["visible: expected library, actual photo"])
    }

    @Test func theModalChainOfTheCameraTab() throws {
        let flow = try #require(Simulator(model: try TraceFormatTests.photos()).run(flowID: "tag-people-from-camera"))
        let chainStep = try #require(flow.steps.first { $0.action == "tap: pickerAlbums.tagPeople" })
        #expect(chainStep.state.presentations == [
            Presentation(presenter: "tabs", presented: "pickerLibraryNav", source: "camera", style: .fullScreen, transition: .coverVertical),
            Presentation(presenter: "pickerLibraryNav", presented: "peoplePickerNav", source: "pickerAlbums", style: .pageSheet, transition: .coverVertical),
        ])
        let unwind = try #require(flow.steps.first { $0.action == "tap: peoplePicker.done" })
        #expect(unwind.events.map(abbreviate) == list("""
            peoplePicker.shouldPerform(peoplePicker.done)=true peoplePicker.prepare(peoplePicker.done→camera) camera.unwindToCamera(peoplePicker.done)
            pickerLibraryNav.vWD pickerAlbums.vWD peoplePickerNav.vWD peoplePicker.vWD
            tabs.vWA cameraNav.vWA camera.vWA tabs.vDA cameraNav.vDA camera.vDA
            pickerLibraryNav.vDD pickerAlbums.vDD peoplePickerNav.vDD peoplePicker.vDD
            pickerLibraryNav.deinit pickerAlbums.deinit peoplePickerNav.deinit peoplePicker.deinit
            """))
    }

    @Test func quickLookTakesTheLibrarysTransitionStyle() throws {
        let flow = try #require(Simulator(model: try TraceFormatTests.photos()).run(flowID: "quick-look-in-context"))
        #expect(flow.steps[1].state.presentations == [
            Presentation(presenter: "library", presented: "quickLook", source: "library", style: .currentContext, transition: .crossDissolve),
        ])
    }
}
