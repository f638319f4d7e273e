#include "report/WrappedText.h"

#include <QTextLayout>

namespace planscope::report {

WrappedText::WrappedText(const QString& text, const QFont& font, double width,
                         const QPaintDevice* device) {
    QTextOption option;
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    for (const QString& paragraph : text.split(QLatin1Char('\n'))) {
        auto layout = std::make_unique<QTextLayout>(paragraph, font, device);
        layout->setTextOption(option);
        layout->beginLayout();
        for (QTextLine line = layout->createLine(); line.isValid(); line = layout->createLine()) {
            line.setLineWidth(width);
            line.setPosition(QPointF(0, m_height));
            m_height += line.height();
        }
        layout->endLayout();
        m_paragraphs.push_back(std::move(layout));
    }
}

WrappedText::~WrappedText() = default;

void WrappedText::draw(QPainter& painter, const QPointF& topLeft) const {
    for (const auto& layout : m_paragraphs)
        layout->draw(&painter, topLeft);
}

} // namespace planscope::report
