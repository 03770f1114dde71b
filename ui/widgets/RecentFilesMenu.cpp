#include "widgets/RecentFilesMenu.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QLocale>
#include <QSettings>

namespace pb {

namespace {

const QString kKey = QStringLiteral("recentFiles");

} // namespace

RecentFilesMenu::RecentFilesMenu(QWidget* parent) : QMenu(tr("Open &Recent"), parent)
{
    rebuild();
}

QStringList RecentFilesMenu::files() const
{
    QStringList out;
    for (const QString& path : QSettings().value(kKey).toStringList()) {
        if (QFileInfo::exists(path)) {
            out << path;
        }
    }
    return out;
}

QString RecentFilesMenu::displayName(const QString& path)
{
    const QString name = QFileInfo(path).completeBaseName();
    if (name.startsWith(QLatin1String("untitled-"))) {
        // ProbeProject names untitled files untitled-yyyyMMdd-HHmmss-zzz.pbrun (UTC).
        QDateTime when = QDateTime::fromString(name.mid(9, 15), QStringLiteral("yyyyMMdd-HHmmss"));
        if (when.isValid()) {
            when.setTimeSpec(Qt::UTC);
            return tr("Untitled project of %1")
                .arg(QLocale().toString(when.toLocalTime(), QStringLiteral("d MMM yyyy, HH:mm")));
        }
    }
    return QFileInfo(path).fileName();
}

void RecentFilesMenu::add(const QString& path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList list = files();
    list.removeAll(absolute);
    list.prepend(absolute);
    while (list.size() > kMaxFiles) {
        list.removeLast();
    }
    store(list);
}

void RecentFilesMenu::clearFiles()
{
    store({});
}

void RecentFilesMenu::store(const QStringList& files)
{
    QSettings().setValue(kKey, files);
    rebuild();
    Q_EMIT filesChanged(files);
}

void RecentFilesMenu::rebuild()
{
    clear();
    const QStringList list = files();
    for (int i = 0; i < list.size(); ++i) {
        const QString& path = list.at(i);
        // &1..&8 give each entry a keyboard mnemonic inside the menu.
        QAction* a = addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(displayName(path)));
        a->setToolTip(QDir::toNativeSeparators(path));
        a->setStatusTip(QDir::toNativeSeparators(path));
        connect(a, &QAction::triggered, this, [this, path] { Q_EMIT fileChosen(path); });
    }
    if (list.isEmpty()) {
        addAction(tr("No recent projects"))->setEnabled(false);
    } else {
        addSeparator();
        addAction(tr("&Clear the list"), this, &RecentFilesMenu::clearFiles);
    }
}

} // namespace pb
