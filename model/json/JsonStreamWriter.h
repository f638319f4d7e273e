#pragma once

#include <QString>
#include <QStringView>
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace planscope {

// Writes JSON as it is made, in exactly the layout of nlohmann's dump(2) and with its number
// format, for outputs too large to build as a document first (thousands of objects). The text
// is gathered a few kilobytes at a time and appended to `out` at once (a roofline's 21,000
// layers are 700,000 pieces): `out` holds everything written after flush(), and once the
// writer is gone.
class JsonStreamWriter {
  public:
    explicit JsonStreamWriter(std::string& out) : out_(out) {}
    // A writer of the items of a container another writer opened, `depth` containers deep
    // (its indentation): a large array's items written in parts side by side, then joined.
    // With `itemsBefore` the first item starts with the comma after the part before it.
    JsonStreamWriter(std::string& out, int depth, bool itemsBefore)
        : out_(out), hasItems_(std::size_t(depth), itemsBefore ? char(1) : char(0)) {}
    ~JsonStreamWriter() { flush(); }
    JsonStreamWriter(const JsonStreamWriter&) = delete;
    JsonStreamWriter& operator=(const JsonStreamWriter&) = delete;

    // Appends the text gathered so far to `out`.
    void flush();

    void beginObject() { open('{'); }
    void endObject() { close('}'); }
    void beginArray() { open('['); }
    void endArray() { close(']'); }
    // The open container holds items that writers of its parts added to the text.
    void itemsWritten() { hasItems_.back() = true; }
    // The next value belongs to `name` in the open object.
    void key(std::string_view name);
    void key(QStringView name);

    void value(std::string_view text);
    void value(const char* text) { value(std::string_view(text)); }
    // A text written from UTF-16 as it is, without a UTF-8 copy where it is plain ASCII.
    void value(QStringView text);
    void value(const QString& text) { value(QStringView(text)); }
    void value(double number); // non-finite: null, as nlohmann writes it
    void value(int number);
    void value(bool flag);
    void value(std::optional<double> number); // missing: null
    void value(long long number);
    // A figure as json/JsonValues' jsonNumber writes it: a whole number as an integer, missing
    // null.
    void figure(std::optional<double> number);
    void null();

    template <typename T> void member(std::string_view name, const T& v) {
        key(name);
        value(v);
    }

  private:
    static constexpr std::size_t kGathered = 8192; // bytes of text gathered before an append

    // Where the next `bytes` (at most kGathered) go; the caller writes them and moves end_.
    char* room(std::size_t bytes);
    void put(std::string_view text);
    void beforeValue();
    void open(char bracket);
    void close(char bracket);
    char* newLine(char* at) const;
    void quoted(std::string_view text);
    void quoted(QStringView text);
    template <class Text> void writeKey(Text name);

    std::string& out_;
    std::vector<char> hasItems_; // per open container
    bool afterKey_ = false;
    std::size_t end_ = 0; // of the gathered text
    std::array<char, kGathered> gathered_;
};

} // namespace planscope
