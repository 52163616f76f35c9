import Foundation
#if canImport(Glibc)
import Glibc
#endif
import XCTest

/// The site in a real browser: Debian's Chromium driven by `chromedriver` over the WebDriver protocol (plain HTTP on
/// the loopback address). Loads pages of the committed `Output/site` at a phone's and a desktop's size and checks
/// that the page never scrolls sideways, that a diagram frame zooms (buttons, Ctrl + wheel) and pans (a real
/// pointer drag), that the sidebar folds behind its menu on the phone, and that no script error or console error
/// occurs. Skips with a message when Chromium or chromedriver is missing (`scripts/setup.sh --browser` installs
/// them).
///
/// `SCENOGRAPH_BROWSER_LONG=1` (`make browser-test`) visits every page at six sizes;
/// `SCENOGRAPH_SCREENSHOTS=DIR` saves a screenshot of each visit there.
final class BrowserTests: XCTestCase {
    static func executable(_ names: [String]) -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for name in names {
            for directory in paths where FileManager.default.isExecutableFile(atPath: "\(directory)/\(name)") {
                return "\(directory)/\(name)"
            }
        }
        return nil
    }

    func testPagesAtPhoneAndDesktopSizes() throws {
        guard let browser = Self.executable(["chromium", "chromium-browser", "google-chrome"]),
              let driverPath = Self.executable(["chromedriver"]) else {
            throw XCTSkip("Chromium and chromedriver are not installed: run scripts/setup.sh --browser to run the browser test")
        }
        let site = packageRoot.appendingPathComponent("Output/site")
        guard FileManager.default.fileExists(atPath: site.appendingPathComponent("index.html").path) else {
            throw XCTSkip("Output/site is missing: run `make run`")
        }
        let environment = ProcessInfo.processInfo.environment
        let long = environment["SCENOGRAPH_BROWSER_LONG"] == "1"
        let screenshots = environment["SCENOGRAPH_SCREENSHOTS"].map { URL(fileURLWithPath: $0) }
        if let screenshots { try FileManager.default.createDirectory(at: screenshots, withIntermediateDirectories: true) }

        var pages = ["index.html", "scenes/photo.html", "flows/share-a-photo.html"]
        var sizes = [(390, 844), (1400, 900)]
        if long {
            let files = try GenerateCommandTests.files(under: site).filter { $0.hasSuffix(".html") }
            pages = files
            sizes = [(320, 640), (390, 844), (768, 1024), (1024, 768), (1400, 900), (1920, 1080)]
        }

        let driver = try WebDriver(driver: driverPath, browser: browser)
        defer { driver.quit() }
        for (width, height) in sizes {
            try driver.setViewport(width: width, height: height)
            for page in pages {
                let label = "\(page) at \(width)×\(height)"
                try driver.open(site.appendingPathComponent(page))
                // No sideways scrolling of the page; only diagram frames may scroll. Measured against the layout
                // width (`clientWidth`): on a phone the browser widens `innerWidth` to fit what overflows.
                let overflow = try driver.run("var e = document.documentElement; return e.scrollWidth - e.clientWidth;") as? Int ?? -1
                XCTAssertLessThanOrEqual(overflow, 0, "\(label) scrolls sideways by \(overflow) px")
                if page.hasPrefix("scenes/") {
                    // Storyboard apps have long names with no space to break at (a container's in "Lives in"): a
                    // table cell wraps one rather than widening the page.
                    let longName = try driver.run("""
                        var td = document.querySelector('table.facts td'); var a = document.createElement('a');
                        a.textContent = 'Fulfillment.FulfillmentNavigationControllerOfTheAuctionListings'; td.appendChild(a);
                        var e = document.documentElement; var o = e.scrollWidth - e.clientWidth; a.remove(); return o;
                        """) as? Int ?? -1
                    XCTAssertLessThanOrEqual(longName, 0, "\(label): a long name in the facts table widens the page by \(longName) px")
                }
                if width < 960, page == "index.html" {
                    // A phone's cards keep a cell's words together beside its label: a scene's name and title on
                    // the same line (each child of a cell was a flex column of its own).
                    let columns = try driver.run("return getComputedStyle(document.querySelector('table.cards td')).display;") as? String
                    XCTAssertEqual(columns, "block", "\(label): a card's cell flows as text")
                }
                // The script ran: the sidebar was built from nav.js, folded behind the menu on a phone.
                let sidebar = try driver.run("""
                    var s = document.getElementById('sidebar');
                    return [s.querySelectorAll('.nav-scenes a').length, getComputedStyle(s).display,
                            !document.querySelector('.menu-button').hidden];
                    """) as? [Any] ?? []
                XCTAssertGreaterThan(sidebar.first as? Int ?? 0, 10, "\(label): the sidebar lists the scenes")
                if width < 800 {
                    XCTAssertEqual(sidebar.dropFirst().first as? String, "none", "\(label): the sidebar is folded")
                    XCTAssertEqual(sidebar.last as? Bool, true, "\(label): the menu button shows")
                    _ = try driver.run("document.querySelector('.menu-button').click();")
                    let shown = try driver.run("return getComputedStyle(document.getElementById('sidebar')).display;") as? String
                    XCTAssertNotEqual(shown, "none", "\(label): the menu opens the sidebar")
                    _ = try driver.run("document.querySelector('.menu-button').click();")
                }
                if let screenshots {
                    let name = page.replacingOccurrences(of: "/", with: "-").replacingOccurrences(of: ".html", with: "") + "-\(width).png"
                    try driver.screenshot().write(to: screenshots.appendingPathComponent(name))
                }
                try checkZoomAndPan(driver, label: label)
                let errors = try driver.run("return window.__scenographErrors || [];") as? [Any] ?? ["cannot read errors"]
                XCTAssertTrue(errors.isEmpty, "\(label): \(errors)")
            }
        }
    }

    /// The first diagram: + zooms in, Ctrl + wheel zooms, a drag pans the frame, Fit width fits.
    func checkZoomAndPan(_ driver: WebDriver, label: String) throws {
        let hasFrame = try driver.run("return !!document.querySelector('figure.zoomable .toolbar');") as? Bool ?? false
        XCTAssertTrue(hasFrame, "\(label): a diagram frame with zoom controls")
        guard hasFrame else { return }
        func scale() throws -> Double {
            Double(try driver.run("return document.querySelector('figure.zoomable').getAttribute('data-scale');") as? String ?? "") ?? -1
        }
        _ = try driver.run("document.querySelector('figure.zoomable').scrollIntoView({block: 'start'});")
        // A segue graph too wide to open whole opens with the app's initial scene in view, not its legend; a scene's
        // neighbourhood (the first diagram of a scene page) with that scene in view.
        let start = try driver.run("""
            var f = document.querySelector('figure.zoomable'); var s = f.querySelector('svg'); var frame = f.querySelector('.frame');
            var n = s.querySelector('g.node.scene.focus') || s.querySelector('g.node.scene.initial');
            if (!n || s.getBoundingClientRect().width <= frame.clientWidth + 1) return 'whole';
            var a = n.getBoundingClientRect(), b = frame.getBoundingClientRect();
            return a.left >= b.left && a.right <= b.right ? 'in view' : 'out of view ' + a.left + ' ' + b.left + ' ' + b.right;
            """) as? String ?? "no answer"
        XCTAssertTrue(start == "whole" || start == "in view", "\(label): the scene the diagram opens at is \(start)")
        // A segue graph whose initial scene shows from the graph's left end opens there, with its title and legend
        // (it was scrolled a quarter of the frame past them).
        let leftEnd = try driver.run("""
            var f = document.querySelector('figure.zoomable'); var s = f.querySelector('svg'); var frame = f.querySelector('.frame');
            var n = s.querySelector('g.node.scene.initial');
            if (!n || s.querySelector('g.node.scene.focus')) return 'not a segue graph';
            var a = n.getBoundingClientRect(), w = s.getBoundingClientRect(), b = frame.getBoundingClientRect();
            if (a.top < b.top || a.bottom > b.bottom) return 'scrolled: the initial scene is not in view vertically';
            if (a.right - w.left <= frame.clientWidth && frame.scrollLeft !== 0) return 'scrolled ' + frame.scrollLeft + ' past the left end';
            // Down no further than the scene needs: its bottom near the frame's, or no scrolling at all.
            if (frame.scrollTop > 0 && b.bottom - a.bottom > 40) return 'scrolled ' + frame.scrollTop + ' further down than the scene needs';
            return 'as needed';
            """) as? String ?? "no answer"
        XCTAssertNotEqual(leftEnd.hasPrefix("scrolled"), true, "\(label): \(leftEnd)")
        let initial = try scale()
        // Fitted to the frame, but never so small that its labels cannot be read.
        XCTAssertGreaterThanOrEqual(initial, 0.549, "\(label): the diagram opens readable")
        let plus = try driver.element("figure.zoomable .toolbar button[title='Zoom in']")
        try driver.click(plus)
        try driver.click(plus)
        try driver.click(plus)
        let zoomed = try scale()
        XCTAssertEqual(zoomed, min(8, initial * 1.25 * 1.25 * 1.25), accuracy: 0.01, "\(label): + zooms in")
        _ = try driver.run("""
            var f = document.querySelector('figure.zoomable .frame'); var b = f.getBoundingClientRect();
            f.dispatchEvent(new WheelEvent('wheel', {deltaY: -150, ctrlKey: true, clientX: b.left + 20, clientY: b.top + 20, bubbles: true, cancelable: true}));
            """)
        XCTAssertGreaterThan(try scale(), zoomed, "\(label): Ctrl + wheel zooms in")
        // Pan: a real pointer drag from the frame's centre moves its scroll position.
        _ = try driver.run("var f = document.querySelector('figure.zoomable .frame'); f.scrollLeft = 0; f.scrollTop = 0;")
        let frame = try driver.element("figure.zoomable .frame")
        try driver.drag(frame, by: (-120, -80))
        let scrolled = try driver.run("var f = document.querySelector('figure.zoomable .frame'); return [f.scrollLeft, f.scrollTop];") as? [Any] ?? []
        let left = (scrolled.first as? Double) ?? Double(scrolled.first as? Int ?? 0)
        let top = (scrolled.last as? Double) ?? Double(scrolled.last as? Int ?? 0)
        XCTAssertGreaterThan(left + top, 50, "\(label): dragging pans the frame (\(scrolled))")
        // The keyboard: the frame takes focus, arrow keys scroll it, + zooms.
        _ = try driver.run("var f = document.querySelector('figure.zoomable .frame'); f.scrollLeft = 0; f.scrollTop = 0; f.focus();")
        let focused = try driver.run("return document.activeElement === document.querySelector('figure.zoomable .frame');") as? Bool
        XCTAssertEqual(focused, true, "\(label): the diagram frame takes focus")
        let beforeKeys = try scale()
        try driver.press(["\u{E014}", "\u{E014}", "\u{E015}", "\u{E015}", "+"])
        let keyed = try driver.run("var f = document.querySelector('figure.zoomable .frame'); return f.scrollLeft + f.scrollTop;") as? Double
            ?? Double(try driver.run("var f = document.querySelector('figure.zoomable .frame'); return f.scrollLeft + f.scrollTop;") as? Int ?? 0)
        XCTAssertGreaterThan(keyed, 50, "\(label): arrow keys scroll the frame")
        XCTAssertEqual(try scale(), min(8, beforeKeys * 1.25), accuracy: 0.01, "\(label): + zooms in")
        try driver.click(try driver.element("figure.zoomable .toolbar button[title='Fit to width']"))
        let fitted = try driver.run("""
            var f = document.querySelector('figure.zoomable'); var s = f.querySelector('svg');
            return s.getBoundingClientRect().width <= f.querySelector('.frame').clientWidth + 1;
            """) as? Bool
        XCTAssertEqual(fitted, true, "\(label): Fit width fits the frame")
    }
}

/// A minimal WebDriver client: one `chromedriver` on a loopback port, one headless session.
final class WebDriver {
    let process = Process()
    let port: Int
    var session = ""

    init(driver: String, browser: String) throws {
        let port = 20_000 + Int(ProcessInfo.processInfo.processIdentifier % 20_000)
        self.port = port
        process.executableURL = URL(fileURLWithPath: driver)
        process.arguments = ["--port=\(port)", "--allowed-ips=127.0.0.1"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var ready = false
        var last = ""
        for _ in 0..<100 {
            do {
                let status = try request("GET", "status") as? [String: Any]
                if (status?["ready"] as? NSNumber)?.boolValue == true { ready = true; break }
                last = "\(String(describing: status))"
            } catch {
                last = "\(error)"
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        guard ready else { quit(); throw WebDriverError(message: "chromedriver did not start on port \(port): \(last)") }
        let capabilities: [String: Any] = ["capabilities": ["alwaysMatch": [
            "browserName": "chrome",
            "goog:chromeOptions": ["binary": browser, "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                                               "--disable-dev-shm-usage", "--window-size=1400,900"]],
        ]]]
        let created = try request("POST", "session", capabilities) as? [String: Any]
        guard let id = created?["sessionId"] as? String else { quit(); throw WebDriverError(message: "no session: \(String(describing: created))") }
        session = id
        // Before any page script: collect uncaught errors and console errors.
        _ = try cdp("Page.addScriptToEvaluateOnNewDocument", ["source": """
            window.__scenographErrors = [];
            window.addEventListener('error', function (e) { window.__scenographErrors.push('error: ' + e.message); });
            window.addEventListener('unhandledrejection', function (e) { window.__scenographErrors.push('rejection: ' + e.reason); });
            (function () { var original = console.error; console.error = function () {
                window.__scenographErrors.push('console.error: ' + Array.prototype.join.call(arguments, ' ')); original.apply(console, arguments); }; })();
            """])
    }

    func quit() {
        if !session.isEmpty { _ = try? request("DELETE", "session/\(session)") }
        session = ""
        if process.isRunning { process.terminate(); process.waitUntilExit() }
    }

    func setViewport(width: Int, height: Int) throws {
        _ = try cdp("Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 800])
    }

    func open(_ url: URL) throws { _ = try request("POST", "session/\(session)/url", ["url": url.absoluteString]) }

    func run(_ script: String) throws -> Any? {
        try request("POST", "session/\(session)/execute/sync", ["script": script, "args": [Any]()])
    }

    func element(_ css: String) throws -> String {
        let found = try request("POST", "session/\(session)/element", ["using": "css selector", "value": css]) as? [String: Any]
        guard let id = found?.values.first as? String else { throw WebDriverError(message: "no element \(css)") }
        return id
    }

    func click(_ element: String) throws { _ = try request("POST", "session/\(session)/element/\(element)/click", [String: Any]()) }

    /// Presses the mouse on `element`'s centre, moves by `offset` in steps, and releases it.
    /// Presses and releases keys (WebDriver key values: "\u{E015}" is ArrowDown) in the focused element.
    func press(_ keys: [String]) throws {
        let actions: [[String: Any]] = keys.flatMap { [["type": "keyDown", "value": $0], ["type": "keyUp", "value": $0]] }
        _ = try request("POST", "session/\(session)/actions", ["actions": [["type": "key", "id": "keyboard", "actions": actions]]])
        _ = try request("DELETE", "session/\(session)/actions")
    }

    func drag(_ element: String, by offset: (Int, Int)) throws {
        let origin: [String: Any] = ["element-6066-11e4-a52e-4f735466cecf": element]
        var actions: [[String: Any]] = [["type": "pointerMove", "duration": 0, "origin": origin, "x": 0, "y": 0], ["type": "pointerDown", "button": 0]]
        for step in 1...5 {
            actions.append(["type": "pointerMove", "duration": 20, "origin": "pointer", "x": offset.0 / 5, "y": offset.1 / 5])
            _ = step
        }
        actions.append(["type": "pointerUp", "button": 0])
        _ = try request("POST", "session/\(session)/actions", ["actions": [["type": "pointer", "id": "mouse", "parameters": ["pointerType": "mouse"], "actions": actions]]])
        _ = try request("DELETE", "session/\(session)/actions")
    }

    func screenshot() throws -> Data {
        guard let text = try request("GET", "session/\(session)/screenshot") as? String, let data = Data(base64Encoded: text) else {
            throw WebDriverError(message: "no screenshot")
        }
        return data
    }

    func cdp(_ command: String, _ parameters: [String: Any]) throws -> Any? {
        try request("POST", "session/\(session)/goog/cdp/execute", ["cmd": command, "params": parameters])
    }

    /// One WebDriver call; returns the response's `value`, throws its error.
    func request(_ method: String, _ path: String, _ body: Any? = nil) throws -> Any? {
        let payload = try body.map { try JSONSerialization.data(withJSONObject: $0) } ?? Data()
        let data = try HTTP.exchange(port: port, method: method, path: "/" + path, body: payload)
        let json = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [String: Any]
        let value = json?["value"]
        if let failure = value as? [String: Any], let error = failure["error"] as? String {
            throw WebDriverError(message: "\(method) \(path): \(error): \(failure["message"] as? String ?? "")")
        }
        return value is NSNull ? nil : value
    }
}

/// HTTP/1.1 over a loopback socket, one request per connection: enough for chromedriver, and free of
/// URLSession, whose Linux build fails on chromedriver's replies ("Failed writing header").
enum HTTP {
    static func exchange(port: Int, method: String, path: String, body: Data) throws -> Data {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw WebDriverError(message: "no socket") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw WebDriverError(message: "cannot connect to 127.0.0.1:\(port)") }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if !body.isEmpty || method == "POST" { head += "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n" }
        let message = Data((head + "\r\n").utf8) + body
        try message.withUnsafeBytes { raw in
            var sent = 0
            while sent < raw.count {
                let count = send(socket, raw.baseAddress! + sent, raw.count - sent, 0)
                guard count > 0 else { throw WebDriverError(message: "send failed") }
                sent += count
            }
        }
        // Read until the body is complete (by Content-Length or the last chunk), or the server closes.
        var response = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let split = response.range(of: Data("\r\n\r\n".utf8)) {
                let header = String(decoding: response[..<split.lowerBound], as: UTF8.self).lowercased()
                let content = Data(response[split.upperBound...])
                if header.contains("transfer-encoding: chunked") {
                    if content.range(of: Data("\r\n0\r\n\r\n".utf8)) != nil || content.starts(with: Data("0\r\n\r\n".utf8)) { return dechunked(content) }
                } else if let line = header.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
                          let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)), content.count >= length {
                    return content.prefix(length)
                }
            }
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { break }
            response.append(buffer, count: count)
        }
        guard let split = response.range(of: Data("\r\n\r\n".utf8)) else { throw WebDriverError(message: "no HTTP reply") }
        let header = String(decoding: response[..<split.lowerBound], as: UTF8.self).lowercased()
        let content = Data(response[split.upperBound...])
        return header.contains("transfer-encoding: chunked") ? dechunked(content) : content
    }

    static func dechunked(_ data: Data) -> Data {
        var result = Data()
        var index = data.startIndex
        while let lineEnd = data[index...].range(of: Data("\r\n".utf8)) {
            let size = Int(String(decoding: data[index..<lineEnd.lowerBound], as: UTF8.self).trimmingCharacters(in: .whitespaces), radix: 16) ?? 0
            if size == 0 { break }
            let start = lineEnd.upperBound
            let end = data.index(start, offsetBy: size, limitedBy: data.endIndex) ?? data.endIndex
            result.append(data[start..<end])
            index = data.index(end, offsetBy: 2, limitedBy: data.endIndex) ?? data.endIndex
        }
        return result
    }
}

struct WebDriverError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

