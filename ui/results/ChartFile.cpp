#include "results/ChartFile.h"

#include <QAction>
#include <QChartView>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QPainter>
#include <QPixmap>
#include <QSvgGenerator>

namespace pb {

void ChartFile::addSaveAction(QChartView* view, QWidget* dialogParent)
{
    auto* action = new QAction(QObject::tr("Save this chart as PNG or SVG..."), view);
    view->setContextMenuPolicy(Qt::ActionsContextMenu);
    view->addAction(action);
    QObject::connect(action, &QAction::triggered, dialogParent, [view, dialogParent] {
        const QString path =
            QFileDialog::getSaveFileName(dialogParent, QObject::tr("Save chart"), QDir::homePath(),
                                         QObject::tr("PNG image (*.png);;SVG drawing (*.svg)"));
        if (path.isEmpty()) {
            return;
        }
        QString error;
        ChartFile::save(view, path, &error);
    });
}

QStringList ChartFile::saveAll(const QList<QPair<QString, QChartView*>>& charts,
                               const QString& folder, const QString& stem, QString* error)
{
    QStringList written;
    for (const auto& [name, view] : charts) {
        for (const QString& suffix : {QStringLiteral("png"), QStringLiteral("svg")}) {
            const QString path =
                QDir(folder).filePath(QStringLiteral("%1-%2.%3").arg(stem, name, suffix));
            if (!save(view, path, error)) {
                return written;
            }
            written << path;
        }
    }
    return written;
}

bool ChartFile::save(QChartView* view, const QString& path, QString* error)
{
    if (path.endsWith(QStringLiteral(".svg"), Qt::CaseInsensitive)) {
        return saveSvg(view, path, error);
    }
    return savePng(view, path, error);
}

bool ChartFile::savePng(QChartView* view, const QString& path, QString* error)
{
    const QPixmap pixmap = view->grab();
    if (pixmap.isNull() || !pixmap.save(path, "PNG")) {
        *error = QObject::tr("%1: cannot write the PNG file").arg(path);
        return false;
    }
    return true;
}

bool ChartFile::saveSvg(QChartView* view, const QString& path, QString* error)
{
    const QSize size = view->size().isEmpty() ? QSize(800, 500) : view->size();
    QSvgGenerator svg;
    svg.setFileName(path);
    svg.setSize(size);
    svg.setViewBox(QRect(QPoint(0, 0), size));
    svg.setTitle(view->chart() ? view->chart()->title() : QString());
    svg.setDescription(QObject::tr("Chart exported from Probe Workbench"));
    QPainter painter;
    if (!painter.begin(&svg)) {
        *error = QObject::tr("%1: cannot write the SVG file").arg(path);
        return false;
    }
    painter.setRenderHint(QPainter::Antialiasing);
    view->render(&painter, QRectF(QPointF(0, 0), size), view->viewport()->rect());
    painter.end();
    if (QFileInfo(path).size() <= 0) {
        *error = QObject::tr("%1: the SVG file came out empty").arg(path);
        return false;
    }
    return true;
}

} // namespace pb
