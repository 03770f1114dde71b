#include "probe/StrictJson.h"

#include "probe/JsonPath.h"

#include <exception>
#include <string>
#include <vector>

namespace pb {

namespace {

using json = nlohmann::json;

// Builds the tree like nlohmann's own DOM parser, but notices repeated keys and keeps the
// first syntax error instead of throwing it.
class TreeBuilder final : public nlohmann::json_sax<json>
{
public:
    json root;
    QStringList duplicates;
    bool failed = false;
    std::size_t errorPosition = 0;
    std::string errorWhat;

    bool null() override { return add(json(nullptr)); }
    bool boolean(bool value) override { return add(json(value)); }
    bool number_integer(number_integer_t value) override { return add(json(value)); }
    bool number_unsigned(number_unsigned_t value) override { return add(json(value)); }
    bool number_float(number_float_t value, const string_t&) override { return add(json(value)); }
    bool string(string_t& value) override { return add(json(std::move(value))); }
    bool binary(binary_t& value) override { return add(json::binary(std::move(value))); }

    bool start_object(std::size_t) override { return open(json::object()); }
    bool start_array(std::size_t) override { return open(json::array()); }
    bool end_object() override { return close(); }
    bool end_array() override { return close(); }

    bool key(string_t& value) override
    {
        Frame& frame = m_stack.back();
        frame.key = std::move(value);
        if (frame.node->contains(frame.key)) {
            duplicates << JsonPath::member(pathOf(m_stack.size()),
                                           QString::fromStdString(frame.key));
        }
        return true;
    }

    bool parse_error(std::size_t position, const std::string&,
                     const nlohmann::detail::exception& ex) override
    {
        failed = true;
        errorPosition = position;
        errorWhat = ex.what();
        return false;
    }

private:
    // Paths are built only when a duplicate is found: storing one per open container
    // would cost memory quadratic in the nesting depth.
    struct Frame
    {
        json* node;
        std::string key;       // the current key, while this frame is an object
        std::size_t index = 0; // where this container sits in its parent, if that is a list
    };
    std::vector<Frame> m_stack;

    // The path of the container at depth (1 = the outermost).
    QString pathOf(std::size_t depth) const
    {
        QString path;
        for (std::size_t d = 1; d < depth; ++d) {
            const Frame& parent = m_stack[d - 1];
            path = parent.node->is_array()
                       ? JsonPath::element(path, qsizetype(m_stack[d].index))
                       : JsonPath::member(path, QString::fromStdString(parent.key));
        }
        return path;
    }

    // Places a value in the innermost open container; returns where it now lives and, via
    // index, its position when that container is a list.
    json* place(json&& value, std::size_t* index)
    {
        *index = 0;
        if (m_stack.empty()) {
            root = std::move(value);
            return &root;
        }
        Frame& frame = m_stack.back();
        if (frame.node->is_array()) {
            *index = frame.node->size();
            frame.node->push_back(std::move(value));
            return &frame.node->back();
        }
        json& slot = (*frame.node)[frame.key];
        slot = std::move(value);
        return &slot;
    }

    bool add(json&& value)
    {
        std::size_t index = 0;
        place(std::move(value), &index);
        return true;
    }

    bool open(json&& container)
    {
        std::size_t index = 0;
        json* node = place(std::move(container), &index);
        m_stack.push_back(Frame{node, {}, index});
        return true;
    }

    bool close()
    {
        m_stack.pop_back();
        return true;
    }
};

// nlohmann's messages start with "[json.exception.parse_error.101] parse error at line 1,
// column 7: "; the position is reported separately, so keep only what went wrong.
QString plainMessage(const std::string& what)
{
    QString text = QString::fromUtf8(what.data(), qsizetype(what.size()));
    if (text.startsWith(QLatin1Char('['))) {
        const qsizetype end = text.indexOf(QStringLiteral("] "));
        if (end > 0) {
            text = text.mid(end + 2);
        }
    }
    if (text.startsWith(QStringLiteral("parse error"))) {
        const qsizetype colon = text.indexOf(QStringLiteral(": "));
        if (colon > 0) {
            text = text.mid(colon + 2);
        }
    }
    return text;
}

bool isJsonSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// The commonest hand-editing mistake gets a sentence of its own.
QString trailingCommaHint(const QByteArray& text, qsizetype offset)
{
    if (offset < 0 || offset >= text.size() || (text[offset] != '}' && text[offset] != ']')) {
        return {};
    }
    qsizetype i = offset - 1;
    while (i >= 0 && isJsonSpace(text[i])) {
        --i;
    }
    if (i >= 0 && text[i] == ',') {
        return QStringLiteral(" (JSON does not allow a comma just before %1)")
            .arg(QLatin1Char(text[offset]));
    }
    return {};
}

} // namespace

void StrictJson::lineAndColumn(const QByteArray& text, qsizetype offset, int* line, int* column)
{
    const qsizetype end = qBound(qsizetype(0), offset, text.size());
    int l = 1;
    int c = 1;
    for (qsizetype i = 0; i < end; ++i) {
        const auto byte = static_cast<unsigned char>(text[i]);
        if (byte == '\n') {
            ++l;
            c = 1;
        } else if ((byte & 0xC0) != 0x80) { // count characters, not UTF-8 continuation bytes
            ++c;
        }
    }
    *line = l;
    *column = c;
}

StrictJson::Outcome StrictJson::parse(const QByteArray& text)
{
    Outcome outcome;
    // nlohmann's lexer takes a NUL byte for the end of the input, so "{...}\0 garbage" would
    // parse as the object alone. JSON allows no raw NUL anywhere (not even in a string).
    if (const qsizetype nul = text.indexOf('\0'); nul >= 0) {
        outcome.offset = nul;
        outcome.syntaxError = QStringLiteral(
            "a NUL byte (code 0), which JSON does not allow; the file may be damaged or not a "
            "text file");
        lineAndColumn(text, nul, &outcome.line, &outcome.column);
        return outcome;
    }
    TreeBuilder builder;
    try {
        const char* begin = text.constData();
        json::sax_parse(begin, begin + text.size(), &builder, nlohmann::json::input_format_t::json,
                        true, false);
    } catch (const std::exception& e) {
        // sax_parse reports through parse_error(); this only catches the unexpected
        // (allocation failure), so the caller still gets an answer instead of a crash.
        builder.failed = true;
        builder.errorPosition = 0;
        builder.errorWhat = e.what();
    }
    if (builder.failed) {
        // position counts bytes read, including the offending one
        outcome.offset = builder.errorPosition > 0 ? qsizetype(builder.errorPosition) - 1 : 0;
        outcome.syntaxError =
            plainMessage(builder.errorWhat) + trailingCommaHint(text, outcome.offset);
        lineAndColumn(text, outcome.offset, &outcome.line, &outcome.column);
        return outcome;
    }
    outcome.duplicateKeys = builder.duplicates;
    outcome.value = std::move(builder.root);
    return outcome;
}

} // namespace pb
