#!/usr/bin/env python3
"""Writes the test corpus: the localized strings of three invented apps, written for TypeFit.

Run from this folder: `python3 make-corpus.py`. Every text here was written for TypeFit's tests;
the file layouts follow what real apps' `.strings` files look like (see README.md).

- lantern/  (9 locales) UTF-8, a `/* comment */` line and a blank line around every entry.
- harbor/   (5 locales) UTF-8, no comments, dotted snake_case keys, continuation lines, escapes.
- tidepool/ (7 locales) UTF-16LE with a byte-order mark, a `/// comment` line before every entry.
"""
import os

NOUNS = {
 "en": ["note", "map", "route", "photo", "folder", "reminder", "trail", "bookmark", "album", "journal", "sketch", "tag", "checklist", "place"],
 "de": ["Notiz", "Karte", "Route", "Foto", "Ordner", "Erinnerung", "Wanderweg", "Lesezeichen", "Album", "Tagebuch", "Skizze", "Schlagwort", "Checkliste", "Ort"],
 "fr": ["note", "carte", "itinéraire", "photo", "dossier", "rappel", "sentier", "signet", "album", "journal", "croquis", "étiquette", "liste de contrôle", "lieu"],
 "es": ["nota", "mapa", "ruta", "foto", "carpeta", "recordatorio", "sendero", "marcador", "álbum", "diario", "boceto", "etiqueta", "lista de control", "lugar"],
 "nl": ["notitie", "kaart", "route", "foto", "map", "herinnering", "wandelpad", "bladwijzer", "album", "dagboek", "schets", "label", "checklist", "plek"],
 "fi": ["muistiinpano", "kartta", "reitti", "kuva", "kansio", "muistutus", "polku", "kirjanmerkki", "albumi", "päiväkirja", "luonnos", "tunniste", "tarkistuslista", "paikka"],
 "vi": ["ghi chú", "bản đồ", "lộ trình", "ảnh", "thư mục", "lời nhắc", "đường mòn", "dấu trang", "album", "nhật ký", "bản phác thảo", "thẻ", "danh sách kiểm tra", "địa điểm"],
 "ja": ["メモ", "地図", "ルート", "写真", "フォルダ", "リマインダー", "トレイル", "ブックマーク", "アルバム", "日記", "スケッチ", "タグ", "チェックリスト", "場所"],
 "ar": ["ملاحظة", "خريطة", "مسار", "صورة", "مجلد", "تذكير", "درب", "إشارة مرجعية", "ألبوم", "يوميات", "رسم", "وسم", "قائمة تحقق", "مكان"],
 "he": ["פתק", "מפה", "מסלול", "תמונה", "תיקייה", "תזכורת", "שביל", "סימנייה", "אלבום", "יומן", "סקיצה", "תגית", "רשימת בדיקה", "מקום"],
 "hi": ["नोट", "नक्शा", "मार्ग", "फ़ोटो", "फ़ोल्डर", "रिमाइंडर", "पगडंडी", "बुकमार्क", "एल्बम", "डायरी", "स्केच", "टैग", "जाँच सूची", "स्थान"],
 "th": ["บันทึก", "แผนที่", "เส้นทาง", "รูปภาพ", "โฟลเดอร์", "การเตือน", "ทางเดิน", "ที่คั่นหน้า", "อัลบั้ม", "สมุดบันทึก", "ภาพร่าง", "แท็ก", "รายการตรวจสอบ", "สถานที่"],
}
NOUN_IDS = ["note", "map", "route", "photo", "folder", "reminder", "trail", "bookmark", "album", "journal", "sketch", "tag", "checklist", "place"]

# (key part, comment, {language: template}); the last template of each app takes two nouns.
LANTERN = [
 ("delete", "Button: removes the item", {"en": "Delete {a}", "de": "{a} löschen", "fi": "Poista {a}", "vi": "Xoá {a}", "ja": "{a}を削除", "ar": "حذف {a}", "he": "מחיקת {a}", "hi": "{a} हटाएँ", "th": "ลบ{a}"}),
 ("share", "Button: shares the item", {"en": "Share this {a}", "de": "{a} teilen", "fi": "Jaa {a}", "vi": "Chia sẻ {a}", "ja": "{a}を共有", "ar": "مشاركة {a}", "he": "שיתוף {a}", "hi": "{a} साझा करें", "th": "แชร์{a}"}),
 ("open", "Menu item: opens the item", {"en": "Open {a}", "de": "{a} öffnen", "fi": "Avaa {a}", "vi": "Mở {a}", "ja": "{a}を開く", "ar": "فتح {a}", "he": "פתיחת {a}", "hi": "{a} खोलें", "th": "เปิด{a}"}),
 ("count", "Row subtitle: how many entries the item holds", {"en": "{a}: %d items", "de": "{a}: %d Einträge", "fi": "{a}: %d kohdetta", "vi": "{a}: %d mục", "ja": "{a}: %d 件", "ar": "{a}: %d عناصر", "he": "{a}: %d פריטים", "hi": "{a}: %d आइटम", "th": "{a}: %d รายการ"}),
 ("add", "Menu item: puts the first item into the second", {"en": "Add {a} to {b}", "de": "{a} zu {b} hinzufügen", "fi": "Lisää {a} kohteeseen {b}", "vi": "Thêm {a} vào {b}", "ja": "{a}を{b}に追加", "ar": "إضافة {a} إلى {b}", "he": "הוספת {a} אל {b}", "hi": "{a} को {b} में जोड़ें", "th": "เพิ่ม{a}ลงใน{b}"}),
]
HARBOR = [
 ("rename", {"en": "Rename {a}", "he": "שינוי שם של {a}", "de": "{a} umbenennen", "fr": "Renommer {a}", "es": "Cambiar nombre de {a}"}),
 ("save_failed", {"en": "Could not save the {a}.", "he": "לא ניתן לשמור את {a}.", "de": "{a} konnte nicht gesichert werden.", "fr": "Impossible d’enregistrer {a}.", "es": "No se pudo guardar {a}."}),
 ("updated", {"en": "{a} updated %@", "he": "{a} עודכן %@", "de": "{a} aktualisiert %@", "fr": "{a} mis à jour %@", "es": "{a} actualizado %@"}),
 ("home_screen", {"en": "Show {a} on the home screen", "he": "הצגת {a} במסך הבית", "de": "{a} auf dem Startbildschirm zeigen", "fr": "Afficher {a} sur l’écran d’accueil", "es": "Mostrar {a} en la pantalla de inicio"}),
 ("link", {"en": "Link \\\"{a}\\\" with {b}", "he": "קישור \\\"{a}\\\" עם {b}", "de": "„{a}“ mit {b} verknüpfen", "fr": "Lier « {a} » à {b}", "es": "Vincular «{a}» con {b}"}),
]
TIDEPOOL = [
 ("sync", {"en": "Sync {a}", "ja": "{a}を同期", "ar": "مزامنة {a}", "he": "סנכרון {a}", "vi": "Đồng bộ {a}", "fi": "Synkronoi {a}", "nl": "{a} synchroniseren"}),
 ("hide", {"en": "Hide {a}", "ja": "{a}を非表示", "ar": "إخفاء {a}", "he": "הסתרת {a}", "vi": "Ẩn {a}", "fi": "Piilota {a}", "nl": "{a} verbergen"}),
 ("search", {"en": "Search in {a}", "ja": "{a}内を検索", "ar": "البحث في {a}", "he": "חיפוש ב{a}", "vi": "Tìm trong {a}", "fi": "Hae kohteesta {a}", "nl": "Zoeken in {a}"}),
 ("edit", {"en": "Edit {a}", "ja": "{a}を編集", "ar": "تعديل {a}", "he": "עריכת {a}", "vi": "Sửa {a}", "fi": "Muokkaa {a}", "nl": "{a} bewerken"}),
 ("move", {"en": "Move {a} into {b}", "ja": "{a}を{b}へ移動", "ar": "نقل {a} إلى {b}", "he": "העברת {a} אל {b}", "vi": "Chuyển {a} vào {b}", "fi": "Siirrä {a} kohteeseen {b}", "nl": "{a} naar {b} verplaatsen"}),
]

def combos(lang, templates):
    """(noun ids, text) for every template: one noun each, then every ordered pair of two nouns."""
    nouns = NOUNS[lang]
    out = []
    for t_index, template in enumerate(templates):
        text = template[lang]
        if "{b}" in text:
            for i, a in enumerate(nouns):
                for j, b in enumerate(nouns):
                    if i != j:
                        out.append((t_index, f"{NOUN_IDS[i]}.{NOUN_IDS[j]}", text.format(a=a, b=b)))
        else:
            for i, a in enumerate(nouns):
                out.append((t_index, NOUN_IDS[i], text.format(a=a)))
    return out

# Entries written at the top of some files (the quirks the tests look at), before the generated ones.
LANTERN_HEAD = {
 "en-US": [("About screen text", "About.missionText", "%@ is made by a small team. We help you keep every walk in one place."),
           ("About screen button", "About.moreButton", "Read more"),
           ("Alert button", "Alert.okButton", "OK")],
 # The literal text "u200f" (an escape whose backslash was lost) and a no-break space after "و".
 "ar": [("About screen text", "About.missionText", "u200f%@ من صنع فريق صغير. نساعدك على حفظ كل نزهة و\u00a0مكان."),
        ("About screen button", "About.moreButton", "اقرأ المزيد"),
        ("Alert button", "Alert.okButton", "حسنًا")],
 "th": [("About screen button", "About.moreButton", "อ่านเพิ่มเติม"), ("Alert button", "Alert.okButton", "ตกลง")],
}
LANTERN_OK = {"de": "OK", "fi": "OK", "vi": "OK", "ja": "OK", "he": "אישור", "hi": "ठीक है"}

def write_lantern():
    os.makedirs("lantern", exist_ok=True)
    for loc, lang in [("ar", "ar"), ("de", "de"), ("en-US", "en"), ("fi", "fi"), ("he", "he"), ("hi-IN", "hi"), ("ja", "ja"), ("th", "th"), ("vi", "vi")]:
        head = LANTERN_HEAD.get(loc) or [("Alert button", "Alert.okButton", LANTERN_OK[lang])]
        # th puts its button on line 2: the file starts with its comment.
        lines = []
        for comment, key, value in head:
            lines += [f"/* {comment} */", f'"{key}" = "{value}";', ""]
        for t_index, ids, text in combos(lang, [t[2] for t in LANTERN]):
            key, comment, _ = LANTERN[t_index]
            lines += [f"/* {comment} */", f'"Library.{key}.{ids}" = "{text}";', ""]
        with open(f"lantern/{loc}.strings", "w", encoding="utf-8") as f:
            f.write("\n".join(lines))

def write_harbor():
    os.makedirs("harbor", exist_ok=True)
    for lang in ["en", "he", "de", "fr", "es"]:
        lines = []
        for t_index, ids, text in combos(lang, [t[1] for t in HARBOR]):
            lines.append(f'"shelf.{HARBOR[t_index][0]}.{ids.replace(".", "_")}" = "{text}";')
        if lang == "en":
            # A value continued over three lines (backslash-newline), near the end.
            lines.insert(len(lines) - 20, '"error.sync.offline_details" = "The harbor server did not answer.\\\n\\\n%@";')
        if lang == "he":
            # Unknown escapes ("\ה"): two on one line, one on the next.
            lines.insert(len(lines) - 10, '"error.sync.retry_question" = "לנסות שוב? \\הפעולה \\התבטלה";')
            lines.insert(len(lines) - 10, '"error.sync.confirm_title" = "את\\ה בטוח?";')
        with open(f"harbor/{lang}.strings", "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")

TIDEPOOL_ABOUT = {"en": "About", "ja": "概要", "ar": "حول", "he": "אודות", "vi": "Giới thiệu", "fi": "Tietoja", "nl": "Over"}

def write_tidepool():
    os.makedirs("tidepool", exist_ok=True)
    for lang in ["en", "ja", "ar", "he", "vi", "fi", "nl"]:
        lines = []
        for t_index, ids, text in combos(lang, [t[1] for t in TIDEPOOL]):
            parts = ids.split(".")
            key = TIDEPOOL[t_index][0] + "".join(p.capitalize() for p in parts)
            lines += [f"/// {TIDEPOOL[t_index][1]['en'].format(a=parts[0], b=parts[-1])}", f'"{key}" = "{text}";']
        lines += ["/// About", f'"aboutTitle" = "{TIDEPOOL_ABOUT[lang]}";']
        text = "\n".join(lines) + "\n"
        with open(f"tidepool/{lang}.strings", "wb") as f:
            f.write(b"\xff\xfe" + text.encode("utf-16-le"))

os.chdir(os.path.dirname(os.path.abspath(__file__)))
write_lantern()
write_harbor()
write_tidepool()
