import ModelLoading
import SceneModel
import Testing

/// Messages that say what to write: a step without its colon, a scene named by its title.
@Suite struct StepHintTests {
    static let model = """
        format: 1
        name: Hints
        initial: nav
        scenes:
          nav: {kind: navigation, root: list}
          list:
            title: Settings
            segues:
              open: {kind: show, to: detail, trigger: Row}
          detail: {}
        flows:
          f:
            steps:
        """

    static func errors(_ steps: String) -> [String] {
        ModelLoader().load(text: model + "\n" + steps, path: "h.yaml").diagnostics.filter(\.isError).map(\.description)
    }

    @Test func aStepWithoutItsColonSaysSo() {
        #expect(Self.errors("      - tap list.open") == [
            "h.yaml:14:9: error: unknown step 'tap list.open' (write 'tap: list.open': a step's keyword is followed by a colon) [model-format]",
        ])
        #expect(Self.errors("      - tpa list.open").first?.contains("(write") == false, "only a real keyword gets the colon hint")
    }

    @Test func aKeywordWithoutItsValueAndAnUnknownStepSayWhatToWrite() {
        #expect(Self.errors("      - tap") == ["h.yaml:14:9: error: step 'tap' needs a value: write 'tap: …' [model-format]"])
        #expect(Self.errors("      - pop").first?.contains("unknown step 'pop'; steps: tap, perform, show,") == true, "no close keyword: the list")
        #expect(Self.errors("      - bakc").first?.contains("(did you mean 'back'?)") == true)
    }

    @Test func anUnknownSceneSuggestsTheSceneWithThatTitle() {
        #expect(Self.errors("      - show: Settings") == [
            "h.yaml:14:15: error: unknown scene 'Settings' in 'show' step (did you mean 'list', titled 'Settings'?) [unknown-reference]",
        ])
    }
}

/// A flow written against an earlier import's identifiers, which carried object ids, is told today's.
@Suite struct RenamedSceneHintTests {
    @Test func anOldIdentifierWithAnObjectIDSuggestsTheScene() {
        let text = """
            format: 1
            name: Clash
            storyboards: [Main.storyboard, Social.storyboard, Profile.storyboard]
            mainStoryboard: Main
            flows:
              f:
                steps:
                  - selectTab: StyledNavigationController-Mxq-5y-Lb4
                  - show: InviteViewController-2
            """
        let errors = ModelLoader().load(text: text, path: StoryboardAppTests.path("Old.yaml")).diagnostics.filter(\.isError).map(\.message)
        #expect(errors == [
            "unknown scene 'StyledNavigationController-Mxq-5y-Lb4' in 'selectTab' step (did you mean 'StyledNavigationController' or 'Social.StyledNavigationController'?)",
            "unknown scene 'InviteViewController-2' in 'show' step (did you mean 'Social.InviteViewController'?)",
        ])
    }
}
