/// Limits on what an input may ask of the readers (documented in docs/model-format.md).
///
/// The YAML composer recurses once per nesting level and expands every alias into a full copy, and the
/// storyboard tree is walked recursively: without these limits a few kilobytes of input overflow the stack
/// or fill the memory. Each is far above what a real model or storyboard needs.
public enum InputLimits {
    /// The deepest nesting of mappings and lists in a model, block and flow alike, aliases expanded.
    public static let yamlDepth = 100
    /// The most nodes that aliases may add to a model when they are expanded.
    public static let yamlAliasNodes = 100_000
    /// The most text, in bytes, that aliases may copy into a model (a 100 KB title used 200 times wrote 2.6 GB of
    /// docs before it was stopped).
    public static let yamlAliasBytes = 1_000_000
    /// The longest single value (a title, a summary), in bytes: every diagram and page that shows it repeats it
    /// (one 5 MB title took 38 s and 67 MB of docs).
    public static let yamlScalarBytes = 65_536
    /// The largest Info.plist read, in bytes (an app's is a few kilobytes).
    public static let infoPlistBytes = 1_000_000
    /// The deepest nesting of elements in a storyboard (Interface Builder's own files stay under 30).
    public static let storyboardDepth = 1_000
    /// The most attributes one element of a storyboard may have (Interface Builder writes at most a few dozen): the
    /// XML parser's time grows with the square of an element's attributes (400,000 on one element took two minutes).
    public static let storyboardAttributes = 1_000
    /// The largest model file, in bytes (a model of 2,000 scenes is about 250 KB).
    public static let modelBytes = 20_000_000
    /// The largest storyboard, in bytes: the XML parser (libxml2 through Foundation) gives up a little above it.
    /// The largest storyboard of the corpus of real apps is under 600 KB.
    public static let storyboardBytes = 10_000_000
    /// The largest Swift file the source scan reads, in bytes; a larger one (generated code) is skipped with a
    /// warning, as scanning it would take gigabytes.
    public static let swiftFileBytes = 8_000_000
    /// The most files and folders looked at under a folder given as the app or as its sources (hidden folders and
    /// build products not counted): an app's folder holds a few thousand; `/` here holds about 170,000 and took
    /// seconds to walk, a home folder can take minutes.
    public static let folderEntries = 100_000
}
