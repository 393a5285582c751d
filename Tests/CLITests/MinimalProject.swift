import Foundation
import TestSupport

/// A minimal project in `dir`: typefit.yml with the bundled Inter (absolute path), one screen
/// and its string key `settings.title` read from `dir/strings`.
func writeMinimalProject(in dir: URL, name: String = "typefit.yml") throws {
    let yaml = """
    fonts:
      text: { file: \(Repository.root.path)/Fonts/Inter/Inter-Regular.otf }
    styles:
      body: { font: text, model: apple, textStyle: body }
    devices: ["iPhone SE (1st gen)"]
    categories: [L]
    strings:
      - path: strings
    screens:
      - name: Settings
        rows:
          - name: title
            labels:
              - { name: title, style: body, key: settings.title }
    """
    try Data(yaml.utf8).write(to: dir.appendingPathComponent(name))
    try FileManager.default.createDirectory(at: dir.appendingPathComponent("strings"), withIntermediateDirectories: true)
    try Data("\"settings.title\" = \"Settings\";\n".utf8).write(to: dir.appendingPathComponent("strings/en.strings"))
}
