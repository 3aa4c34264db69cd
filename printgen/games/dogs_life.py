def title(lang):
    from printgen.messages import text
    return text(lang, "game_dogs-life")


def components(context):
    return []
