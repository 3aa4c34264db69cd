def title(lang):
    from printgen.messages import text
    return text(lang, "game_hunting-age")


def components(context):
    return []
