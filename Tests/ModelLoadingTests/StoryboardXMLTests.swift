import Foundation
import ModelLoading
import SceneModel
import Testing

/// Positions of storyboard elements and of XML problems.
@Suite struct StoryboardXMLTests {
    @Test func everyElementKnowsWhereItsTagStarts() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" targetRuntime="iOS.CocoaTouch" initialViewController="a">
              <scenes>
                <scene sceneID="s1"><objects><viewController id="a" title="Ünïcödé ✓" sceneMemberID="viewController"><connections><segue destination="b" kind="show" id="g1"/></connections></viewController></objects></scene>
                <scene sceneID="s2">
                  <objects>
                    <viewController
                        id="b"
                        sceneMemberID="viewController"/>
                  </objects>
                </scene>
              </scenes>
            </document>
            """
        let result = StoryboardImporter().importContents([("Positions.storyboard", Data(text.utf8))])
        #expect(!result.hasErrors)
        let first = try #require(result.scene("Unicode"), "named after its title, in plain letters")
        #expect(first.title == "Ünïcödé ✓")
        #expect(first.location == SourceLocation(file: "Positions.storyboard", line: 4, column: 34))
        #expect(first.segues.first?.location == SourceLocation(file: "Positions.storyboard", line: 4, column: 119))
        // A tag written over several lines is located at its `<`.
        #expect(result.scene("ViewController")?.location == SourceLocation(file: "Positions.storyboard", line: 7, column: 9))
    }

    @Test func conflictMarkersAnywhereAreNamed() {
        for marker in ["<<<<<<< HEAD", "=======", ">>>>>>> branch"] {
            let text = """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" targetRuntime="iOS.CocoaTouch">
                \(marker)
                </document>
                """
            let result = StoryboardImporter().importContents([("Merge.storyboard", Data(text.utf8))])
            #expect(result.diagnostics.brief == ["Merge.storyboard:3:1: error: merge conflict marker '\(marker.prefix(7))' found; the storyboard was committed in the middle of a merge: resolve the conflict first"])
        }
    }

    @Test func notAStoryboard() {
        let result = StoryboardImporter().importContents([("Plist.storyboard", Data("<plist version=\"1.0\"><dict/></plist>".utf8))])
        #expect(result.diagnostics.brief == ["Plist.storyboard:1:1: error: not an Interface Builder storyboard: the document element is <plist>, not <document>"])
    }

    @Test func plainTextIsNotXML() {
        let result = StoryboardImporter().importContents([("Text.storyboard", Data("hello\n".utf8))])
        #expect(result.diagnostics.brief == ["Text.storyboard:1:1: error: malformed XML: no element found: the file is empty or not XML (a storyboard starts with <?xml …?> and <document …>)"])
    }

    @Test func unclosedDocument() {
        let text = "<?xml version=\"1.0\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\">\n  <scenes>\n"
        let result = StoryboardImporter().importContents([("Cut.storyboard", Data(text.utf8))])
        #expect(result.hasErrors)
        #expect(result.diagnostics.first?.message.hasPrefix("malformed XML:") == true)
        #expect(result.diagnostics.first?.location.line == 4 || result.diagnostics.first?.location.line == 3)
    }
}
