#include "StoreDamage.h"

#include <QFile>
#include <QList>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QVariant>

namespace pb::test {

bool damageCallsPage(const QString& storePath, QString* why)
{
    QList<qint64> pages;
    qint64 pageSize = 0;
    const QString name = QStringLiteral("pb-test-damage");
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(storePath);
        // Read-write, so closing it removes the -wal and -shm files it made, as a program does.
        if (db.open()) {
            QSqlQuery q(db);
            if (q.exec(QStringLiteral("PRAGMA page_size")) && q.next()) {
                pageSize = q.value(0).toLongLong();
            }
            if (q.exec(QStringLiteral("SELECT pageno FROM dbstat WHERE name='calls' AND "
                                      "pagetype='leaf' ORDER BY pageno"))) {
                while (q.next()) {
                    pages << q.value(0).toLongLong();
                }
            }
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    if (pages.size() < 3 || pageSize <= 0) {
        *why = QStringLiteral("SQLite here cannot list the store's pages (dbstat), or the calls "
                              "table has fewer than 3 pages");
        return false;
    }
    QFile file(storePath);
    if (!file.open(QIODevice::ReadWrite) ||
        !file.seek((pages.at(pages.size() / 2) - 1) * pageSize) ||
        file.write(QByteArray(8, '\xff')) != 8) {
        *why = QStringLiteral("cannot write %1: %2").arg(storePath, file.errorString());
        return false;
    }
    return true;
}

} // namespace pb::test
