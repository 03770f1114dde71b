#include "widgets/RecentFilesMenu.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QLocale>
#include <QSettings>

namespace pb {

namespace {

const QString kKey = QStringLiteral("recentFiles");
const QString kTitlesKey = QStringLiteral("recentTitles");

// The date an untitled project was made, from its file name; invalid for other files.
QDateTime untitledDate(const QString& path)
{
    const QString name = QFileInfo(path).completeBaseName();
    if (!name.startsWith(QLatin1String("untitled-"))) {
        return {};
    }
    // ProbeProject names untitled files untitled-yyyyMMdd-HHmmss-zzz.pbrun (UTC).
    QDateTime when = QDateTime::fromString(name.mid(9, 15), QStringLiteral("yyyyMMdd-HHmmss"));
    if (when.isValid()) {
        when.setTimeSpec(Qt::UTC);
    }
    return when;
}

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
    const QString title =
        QSettings().value(kTitlesKey).toMap().value(QFileInfo(path).absoluteFilePath()).toString();
    const QDateTime when = untitledDate(path);
    if (when.isValid()) {
        const QString date =
            QLocale().toString(when.toLocalTime(), QStringLiteral("d MMM yyyy, HH:mm"));
        return title.isEmpty() ? tr("Untitled project of %1").arg(date)
                               : tr("%1 (untitled, %2)").arg(title, date);
    }
    const QString file = QFileInfo(path).fileName();
    return title.isEmpty() ? file : tr("%1 \u2014 %2").arg(title, file);
}

void RecentFilesMenu::add(const QString& path, const QString& title)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    if (!title.isEmpty()) {
        QVariantMap titles = QSettings().value(kTitlesKey).toMap();
        titles.insert(absolute, title);
        QSettings().setValue(kTitlesKey, titles);
    }
    QStringList list = files();
    list.removeAll(absolute);
    list.prepend(absolute);
    while (list.size() > kMaxFiles) {
        list.removeLast();
    }
    store(list);
}

void RecentFilesMenu::setTitle(const QString& path, const QString& title)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QVariantMap titles = QSettings().value(kTitlesKey).toMap();
    if (path.isEmpty() || titles.value(absolute).toString() == title ||
        !files().contains(absolute)) {
        return;
    }
    titles.insert(absolute, title);
    QSettings().setValue(kTitlesKey, titles);
    store(files());
}

void RecentFilesMenu::clearFiles()
{
    store({});
}

void RecentFilesMenu::store(const QStringList& files)
{
    QSettings settings;
    settings.setValue(kKey, files);
    // Titles of files no longer listed are forgotten with them.
    QVariantMap titles = settings.value(kTitlesKey).toMap();
    for (auto it = titles.begin(); it != titles.end();) {
        it = files.contains(it.key()) ? std::next(it) : titles.erase(it);
    }
    settings.setValue(kTitlesKey, titles);
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
