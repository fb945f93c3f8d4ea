/// A coding key named at run time, for objects whose keys are data (each
/// reading variant under its own key).
package struct NamedCodingKey: CodingKey {
    package let stringValue: String
    package var intValue: Int? { nil }
    package init(_ name: String) { stringValue = name }
    package init?(stringValue: String) { self.stringValue = stringValue }
    package init?(intValue: Int) { nil }
}
