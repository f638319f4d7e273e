#pragma once

#include <QFont>
#include <QPointF>
#include <QString>
#include <memory>
#include <vector>

class QPainter;
class QPaintDevice;
class QTextLayout;

namespace planscope::report {

// Text broken into lines of at most `width` (at spaces, else anywhere: layer names are long
// words), measured and drawn with the same layout. Line breaks in the text are kept.
class WrappedText {
  public:
    WrappedText(const QString& text, const QFont& font, double width, const QPaintDevice* device);
    ~WrappedText();

    double height() const { return m_height; }
    void draw(QPainter& painter, const QPointF& topLeft) const;

  private:
    std::vector<std::unique_ptr<QTextLayout>> m_paragraphs;
    double m_height = 0;
};

} // namespace planscope::report
