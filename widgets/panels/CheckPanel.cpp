#include "panels/CheckPanel.h"

#include "document/PlanDocument.h"
#include "itemmodels/CheckModel.h"
#include "itemviews/ItemViewSetup.h"
#include "plan/FigureText.h"
#include "text/HtmlText.h"
#include "text/RichTextView.h"

#include <QSplitter>
#include <QTreeView>
#include <QVBoxLayout>

namespace planscope {

using namespace html;

CheckPanel::CheckPanel(PlanDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_model(new CheckModel(this)),
      m_view(new QTreeView(this)), m_details(new RichTextView(this)) {
    setUpTreeView(m_view, m_model);
    m_view->setColumnWidth(CheckModel::CheckOrLayerColumn, 280);
    m_view->setColumnWidth(CheckModel::LevelColumn, 70);
    m_details->setPlaceholderText(tr("Choose a result to see what is wrong and what to do."));

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_view);
    splitter->addWidget(m_details);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({2000, 1000});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);

    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &CheckPanel::onCurrentChanged);
    connect(document, &PlanDocument::planChanged, this, &CheckPanel::reload);
    connect(document, &PlanDocument::analysisChanged, this, &CheckPanel::reload);
    connect(document->selection(), &LayerSelection::changed, this, &CheckPanel::showLayer);
}

void CheckPanel::reload() {
    m_model->setCheck(m_document->plan() ? &m_document->check() : nullptr);
    constexpr int kShownLayers = 8; // longer lists stay folded under their result
    for (int r = 0; r < m_model->rowCount(); ++r)
        m_view->setExpanded(m_model->index(r, 0),
                            m_model->rowCount(m_model->index(r, 0)) <= kShownLayers);
    m_details->clear();
    m_details->setPlaceholderText(m_document->isAnalysing() ? tr("Checking the plan's files...")
                                  : m_document->plan() && m_document->check().results.empty()
                                      ? tr("No findings: the plan's files agree with each other.")
                                      : tr("Choose a result to see what is wrong and what to do."));
}

void CheckPanel::onCurrentChanged(const QModelIndex& current) {
    showDetails(current);
    const int layer = current.data(CheckModel::LayerIndexRole).toInt();
    if (current.isValid() && layer >= 0)
        m_document->selection()->select(layer);
}

void CheckPanel::showDetails(const QModelIndex& index) {
    const CheckResult* r =
        index.isValid() ? m_model->result(index.data(CheckModel::ResultRole).toInt()) : nullptr;
    if (!r) {
        m_details->clear();
        return;
    }
    const QString levelClass =
        r->level == CheckLevel::Note ? QStringLiteral("muted") : QStringLiteral("warning");
    QString text =
        QStringLiteral("<h3><span class=%1>%2</span> %3</h3><p>%4</p>")
            .arg(levelClass, checkLevelName(r->level), escaped(r->id), breakable(r->message));
    text += QStringLiteral("<p><b>%1</b> %2</p>").arg(tr("What to do:"), breakable(r->fix));
    QString files;
    for (const QString& file : r->files)
        files += row(tr("File"), file);
    text += table(files);
    if (!r->layers.empty() && !index.parent().isValid())
        text += QStringLiteral("<p class=muted>%1</p>")
                    .arg(tr("%1 below the result; choosing one selects it.")
                             .arg(countText(static_cast<qint64>(r->layers.size()),
                                            QStringLiteral("layer"))));
    m_details->setHtml(text);
}

// A layer chosen elsewhere: point at the first result that names it, if one does.
void CheckPanel::showLayer(int layer) {
    const QModelIndex current = m_view->currentIndex();
    if (current.isValid() && current.data(CheckModel::LayerIndexRole).toInt() == layer)
        return;
    const QSignalBlocker blocker(m_view->selectionModel());
    for (int r = 0; layer >= 0 && r < m_model->rowCount(); ++r) {
        const QModelIndex result = m_model->index(r, 0);
        for (int l = 0; l < m_model->rowCount(result); ++l) {
            const QModelIndex named = m_model->index(l, 0, result);
            if (named.data(CheckModel::LayerIndexRole).toInt() == layer) {
                m_view->setCurrentIndex(named);
                m_view->scrollTo(named);
                showDetails(named);
                return;
            }
        }
    }
    m_view->clearSelection();
    m_view->viewport()->update();
}

} // namespace planscope
