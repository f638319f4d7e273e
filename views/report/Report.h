#pragma once

#include <QRectF>
#include <QString>
#include <functional>
#include <memory>
#include <utility>
#include <variant>
#include <vector>

class QPainter;

// A report card as a document independent of its format: sections of paragraphs, tables and
// vector pictures, written as one HTML file or as a PDF. Pictures draw from the plans (and logs)
// the report was made of: the report keeps them.
namespace planscope::report {

struct Paragraph {
    QString text;
    bool note = false; // an aside, set smaller and grey
};

struct Cell {
    QString text;
    QString link; // the anchor of a row or section of the same report, or empty
};

struct Column {
    QString title;
    bool numeric = false; // right-aligned
    bool wrap = false;    // long text wraps; otherwise the PDF elides it
};

struct Table {
    std::vector<Column> columns;
    std::vector<std::vector<Cell>> rows;
    std::vector<QString> rowAnchors; // empty, or one (possibly empty) anchor per row
    bool header = true;              // false: a list of names and values
};

struct Picture {
    QString caption;
    QSizeF size; // in pixels
    // Paints the picture from (0, 0) at `size`; it may leave out what lies outside `visible`.
    std::function<void(QPainter& painter, const QRectF& visible)> paint;
    std::vector<double> breaks; // heights (ascending) where pages may cut it; none: anywhere
};

using Block = std::variant<Paragraph, Table, Picture>;

struct Section {
    QString anchor;
    QString title;
    int level = 1; // 1: a chapter; 2: part of the chapter before it
    std::vector<Block> blocks;
};

struct Report {
    QString title;
    QString subtitle;
    std::vector<Section> sections;
    std::vector<std::shared_ptr<const void>> drawnFrom; // kept while the pictures may draw

    Section& addSection(const QString& anchor, const QString& title, int level = 1);
};

// A table of names and values (no header row).
Table keyValueTable(const std::vector<std::pair<QString, QString>>& rows);

} // namespace planscope::report
